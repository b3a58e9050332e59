import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { checkHttpsUrl, NFT_CONTRACT_TYPES, nftPriceCurrencyOf } from '@rampart/shared/developer-settings';
import { DEFAULT_NFT_PRICE, nftPriceField } from '@/features/developers/lib/minting';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { CreateNftCollectionMutation } from '@/features/developers/api/settings';
import { CodeField, InputField, UrlField } from '@/components/form/input-field';
import { toast } from '@/hooks/use-toast';
import { resetOnClose, useServerSubmit } from '@/hooks/use-server-submit';

interface Network {
  code: string;
  name: string;
  addressRegex: string;
}

function collectionSchema(networks: readonly Network[]) {
  return z
    .object({
      name: z.string().trim().min(1, 'Enter the collection name').max(120, 'At most 120 characters'),
      imageUrl: z.string().superRefine((value, ctx) => {
        if (!value.trim()) return;
        const checked = checkHttpsUrl(value);
        if ('problem' in checked) ctx.addIssue({ code: 'custom', message: checked.problem });
      }),
      networkCode: z.string().min(1, 'Choose a network'),
      contractType: z.enum(NFT_CONTRACT_TYPES),
      contractAddress: z.string().trim().min(1, 'Enter the contract address'),
      priceAmount: nftPriceField,
    })
    .superRefine((values, ctx) => {
      const network = networks.find((item) => item.code === values.networkCode);
      if (!network) return;
      if ((network.code === 'solana') !== (values.contractType === 'METAPLEX')) {
        ctx.addIssue({
          code: 'custom',
          path: ['contractType'],
          message: network.code === 'solana' ? 'Collections on Solana are Metaplex collections.' : `On ${network.name} the contract is ERC721 or ERC1155.`,
        });
      }
      if (values.contractAddress && !new RegExp(network.addressRegex).test(values.contractAddress.trim())) {
        ctx.addIssue({ code: 'custom', path: ['contractAddress'], message: `This is not a contract address on ${network.name}.` });
      }
    });
}
type CollectionValues = z.infer<ReturnType<typeof collectionSchema>>;

/** Adds a collection; the contract address is checked against the network's address format. */
export function NftCollectionDialog({ accountId, networks, onAdded }: { accountId: string; networks: readonly Network[]; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const [create] = useMutation(CreateNftCollectionMutation);
  const empty: CollectionValues = {
    name: '',
    imageUrl: '',
    networkCode: 'ethereum',
    contractType: 'ERC721',
    contractAddress: '',
    priceAmount: DEFAULT_NFT_PRICE,
  };
  const form = useForm<CollectionValues>({ resolver: zodResolver(collectionSchema(networks)), defaultValues: empty, mode: 'onTouched' });

  const submission = useServerSubmit(
    form,
    {
      name: 'name',
      imageUrl: 'imageUrl',
      networkCode: 'networkCode',
      contractType: 'contractType',
      contractAddress: 'contractAddress',
      priceAmount: 'priceAmount',
    },
    async (values) => {
      await create({
        variables: {
          accountId,
          input: { ...values, imageUrl: values.imageUrl.trim() || null, contractType: values.contractType, priceAmount: values.priceAmount.trim() },
        },
      });
      toast({ title: 'Collection added', description: values.name });
      onAdded();
      setOpen(false);
      form.reset(empty);
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={resetOnClose(setOpen, form, submission.setGeneralError, empty)}
      trigger={
        <Button type="button" size="sm">
          <PlusIcon aria-hidden /> Add collection
        </Button>
      }
      title="Add a collection"
      description="The contract of the NFTs buyers pay for with the checkout."
      {...submission}
      errorTitle="Could not add the collection"
    >
      <InputField control={form.control} name="name" label="Name" placeholder="Genesis pass" autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="networkCode"
          label="Network"
          options={networks.map((network) => ({ value: network.code, label: network.name }))}
          placeholder="Choose a network"
          triggerClassName="w-full"
          onValueChange={(value) => {
            form.setValue('contractType', value === 'solana' ? 'METAPLEX' : 'ERC721');
          }}
        />
        <SelectField
          control={form.control}
          name="contractType"
          label="Contract type"
          options={NFT_CONTRACT_TYPES.map((type) => ({ value: type, label: type === 'METAPLEX' ? 'Metaplex (Solana)' : type }))}
          triggerClassName="w-full"
        />
      </div>
      <CodeField
        control={form.control}
        name="contractAddress"
        label="Contract address"
        placeholder={form.watch('networkCode') === 'solana' ? 'Base58 collection address' : '0x…'}
      />
      <InputField
        control={form.control}
        name="priceAmount"
        label={`Price per NFT (${nftPriceCurrencyOf(form.watch('networkCode')).toUpperCase()})`}
        inputMode="decimal"
        autoComplete="off"
        className="sm:max-w-40"
        description="In the network’s native asset; the buyer sees it in their currency with the fees."
      />
      <UrlField control={form.control} name="imageUrl" label="Image URL (optional)" placeholder="https://cdn.example.com/collection.png" />
      <DialogSubmitFooter onCancel={() => setOpen(false)} pendingLabel="Adding">
        Add collection
      </DialogSubmitFooter>
    </FormDialog>
  );
}
