import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Button } from '@/components/ui/button';
import { MintNftMutation } from '@/features/developers/api/minting';
import { CodeField, UrlField } from '@/components/form/input-field';
import { mintSchema, type MintValues } from '@/features/developers/lib/minting';
import { toast } from '@/hooks/use-toast';
import { resetOnClose, useServerSubmit } from '@/hooks/use-server-submit';

const EMPTY: MintValues = { toAddress: '', tokenUri: '' };

/** Mints the next token of a collection Rampart deployed to a wallet address. */
export function MintDialog({ collection, onMinted }: { collection: { id: string; name: string }; onMinted: () => void }) {
  const [open, setOpen] = useState(false);
  const [mint] = useMutation(MintNftMutation);
  const form = useForm<MintValues>({ resolver: zodResolver(mintSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const minting = form.formState.isSubmitting;
  const submission = useServerSubmit(form, { toAddress: 'toAddress', tokenUri: 'tokenUri' }, async (values) => {
    const result = await mint({ variables: { collectionId: collection.id, toAddress: values.toAddress.trim(), tokenUri: values.tokenUri.trim() || null } });
    const minted = result.data?.mintNft;
    toast({
      title: minted ? `Token #${minted.tokenId} minted` : 'Token minted',
      description: minted ? `${collection.name} → ${minted.toAddress}` : collection.name,
    });
    onMinted();
    setOpen(false);
    form.reset(EMPTY);
  });
  const change = resetOnClose(setOpen, form, submission.setGeneralError, EMPTY);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (minting ? undefined : change(next))}
      trigger={
        <Button type="button" size="sm" variant="outline" aria-label={`Mint a token of ${collection.name}`}>
          <SparklesIcon aria-hidden /> Mint
        </Button>
      }
      title={`Mint a ${collection.name} token`}
      description="Mints the collection’s next token straight to a wallet."
      {...submission}
      errorTitle="Could not mint the token"
      busy={minting}
    >
      <fieldset disabled={minting} className="flex min-w-0 flex-col gap-4">
        <CodeField control={form.control} name="toAddress" label="To address" placeholder="0x…" autoFocus description="The wallet that will own the token." />
        <UrlField
          control={form.control}
          name="tokenUri"
          label="Token URI (optional)"
          placeholder="ipfs://… or https://…"
          description="The token’s metadata. Leave empty to use the collection’s base token URI."
        />
      </fieldset>
      <DialogFormFooter onCancel={() => change(false)} busy={minting} lockCancel pendingLabel="Minting">
        Mint token
      </DialogFormFooter>
    </FormDialog>
  );
}
