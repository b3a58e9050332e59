import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { CircleCheckIcon, RocketIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { CopyButton } from '@/components/copy-button';
import { DeployNftCollectionMutation } from '@/features/developers/api/minting';
import { ValueBox } from '@/features/developers/components/developers-frame';
import { InputField, UrlField } from '@/components/form/input-field';
import { DEFAULT_NFT_PRICE, deployCollectionSchema, type DeployCollectionValues } from '@/features/developers/lib/minting';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';

const EMPTY: DeployCollectionValues = { name: '', symbol: '', imageUrl: '', baseTokenUri: '', priceAmount: DEFAULT_NFT_PRICE };
const FIELD_MAP = serverFieldMap<DeployCollectionValues>('name', 'symbol', 'imageUrl', 'baseTokenUri', 'priceAmount');

interface Deployed {
  name: string;
  contractAddress: string;
  deployTransactionHash: string | null;
}

/** One value of the deployed contract, named above its box, with a copy button. */
function LabelledValue({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <ValueBox value={value} label={label}>
        <CopyButton value={value} label={copyLabel} />
      </ValueBox>
    </div>
  );
}

/**
 * Deploys a new ERC-721 collection on the chain in use: the form, then progress while the transaction is mined, then
 * the contract address and the deploy transaction.
 */
export function DeployCollectionDialog({
  accountId,
  networkName,
  priceCurrency,
  onDeployed,
}: {
  accountId: string;
  networkName: string;
  /** The chain's native asset, which the price is in (ETH on EVM chains). */
  priceCurrency: string;
  onDeployed: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [deployed, setDeployed] = useState<Deployed | null>(null);
  const [deploy] = useMutation(DeployNftCollectionMutation);
  const form = useForm<DeployCollectionValues>({ resolver: zodResolver(deployCollectionSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const deploying = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const result = await deploy({
        variables: {
          accountId,
          input: {
            name: values.name.trim(),
            symbol: values.symbol.trim(),
            imageUrl: values.imageUrl.trim() || null,
            baseTokenUri: values.baseTokenUri.trim() || null,
            priceAmount: values.priceAmount.trim(),
          },
        },
      });
      const collection = result.data?.deployNftCollection;
      if (collection) {
        setDeployed({ name: collection.name, contractAddress: collection.contractAddress, deployTransactionHash: collection.deployTransactionHash ?? null });
        toast({ title: 'Collection deployed', description: collection.name });
      }
      onDeployed();
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, FIELD_MAP));
    }
  });

  function change(next: boolean) {
    if (!next && deploying) return;
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      setGeneralError(null);
      setDeployed(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button type="button" size="sm">
          <RocketIcon aria-hidden /> Create collection
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        {deployed ? (
          <>
            <DialogHeader>
              <DialogTitle>{deployed.name} is deployed</DialogTitle>
              <DialogDescription>The collection is listed below; mint its first token with Mint.</DialogDescription>
            </DialogHeader>
            <Alert variant="success">
              <CircleCheckIcon aria-hidden />
              <AlertTitle>Deployed on {networkName}</AlertTitle>
              <AlertDescription>The contract is live and Rampart holds the minting rights.</AlertDescription>
            </Alert>
            <div className="flex flex-col gap-3">
              <LabelledValue label="Contract address" value={deployed.contractAddress} copyLabel="Copy the contract address" />
              {deployed.deployTransactionHash && (
                <LabelledValue label="Deploy transaction" value={deployed.deployTransactionHash} copyLabel="Copy the deploy transaction hash" />
              )}
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => change(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Create a collection</DialogTitle>
              <DialogDescription>Deploys a new ERC-721 contract on {networkName}. Rampart deploys it and can mint its tokens for you.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={deploying}>
                <ErrorAlert message={generalError} title="Could not deploy the collection" />
                <fieldset disabled={deploying} className="flex min-w-0 flex-col gap-4">
                  <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
                    <InputField control={form.control} name="name" label="Name" placeholder="Genesis pass" autoFocus />
                    <InputField control={form.control} name="symbol" label="Symbol" placeholder="GEN" autoComplete="off" spellCheck={false} />
                  </div>
                  <InputField
                    control={form.control}
                    name="priceAmount"
                    label={`Price per NFT (${priceCurrency.toUpperCase()})`}
                    inputMode="decimal"
                    autoComplete="off"
                    className="sm:max-w-40"
                    description="What a buyer pays through the checkout, shown in their currency with the fees. You can change it later."
                  />
                  <UrlField control={form.control} name="imageUrl" label="Image URL (optional)" placeholder="https://cdn.example.com/collection.png" />
                  <UrlField
                    control={form.control}
                    name="baseTokenUri"
                    label="Base token URI (optional)"
                    placeholder="https://meta.example.com/genesis/"
                    description="https or ipfs://. A token’s metadata URI is this followed by its id, unless you give one when minting."
                  />
                </fieldset>
                {deploying && (
                  <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
                    <Spinner label="Deploying the collection" className="shrink-0" />
                    <span>Deploying the contract on {networkName} and waiting for the transaction to be mined…</span>
                  </div>
                )}
                <DialogFooter>
                  <Button type="button" variant="outline" onClick={() => change(false)} disabled={deploying}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={deploying}>
                    Deploy collection
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
