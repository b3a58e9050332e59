import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { MintNftMutation } from '@/features/developers/api/minting';
import { CodeField, UrlField } from '@/components/form/input-field';
import { mintSchema, type MintValues } from '@/features/developers/lib/minting';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

const EMPTY: MintValues = { toAddress: '', tokenUri: '' };

/** Mints the next token of a collection Rampart deployed to a wallet address. */
export function MintDialog({ collection, onMinted }: { collection: { id: string; name: string }; onMinted: () => void }) {
  const [open, setOpen] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [mint] = useMutation(MintNftMutation);
  const form = useForm<MintValues>({ resolver: zodResolver(mintSchema), defaultValues: EMPTY, mode: 'onTouched' });
  const minting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const result = await mint({ variables: { collectionId: collection.id, toAddress: values.toAddress.trim(), tokenUri: values.tokenUri.trim() || null } });
      const minted = result.data?.mintNft;
      toast({
        title: minted ? `Token #${minted.tokenId} minted` : 'Token minted',
        description: minted ? `${collection.name} → ${minted.toAddress}` : collection.name,
      });
      onMinted();
      change(false);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, { toAddress: 'toAddress', tokenUri: 'tokenUri' }));
    }
  });

  function change(next: boolean) {
    setOpen(next);
    if (!next) {
      form.reset(EMPTY);
      setGeneralError(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (minting ? undefined : change(next))}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" aria-label={`Mint a token of ${collection.name}`}>
          <SparklesIcon aria-hidden /> Mint
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Mint a {collection.name} token</DialogTitle>
          <DialogDescription>Mints the collection’s next token straight to a wallet.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={minting}>
            <ErrorAlert message={generalError} title="Could not mint the token" />
            <fieldset disabled={minting} className="flex min-w-0 flex-col gap-4">
              <CodeField
                control={form.control}
                name="toAddress"
                label="To address"
                placeholder="0x…"
                autoFocus
                description="The wallet that will own the token."
              />
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
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
