import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { UpdateNftCollectionPriceMutation } from '@/features/developers/api/settings';
import { nftPriceField } from '@/features/developers/lib/minting';
import { toast } from '@/hooks/use-toast';
import { resetOnClose, useServerSubmit } from '@/hooks/use-server-submit';

const priceSchema = z.object({ priceAmount: nftPriceField });
type PriceValues = z.infer<typeof priceSchema>;

/** Changes a collection's price per NFT; checkout links opened afterwards charge the new price. */
export function CollectionPriceDialog({ collection }: { collection: { id: string; name: string; priceAmount: string; priceCurrencyCode: string } }) {
  const [open, setOpen] = useState(false);
  const [update] = useMutation(UpdateNftCollectionPriceMutation);
  const current: PriceValues = { priceAmount: collection.priceAmount };
  const form = useForm<PriceValues>({ resolver: zodResolver(priceSchema), defaultValues: current, mode: 'onTouched' });
  const currency = collection.priceCurrencyCode.toUpperCase();

  const submission = useServerSubmit(form, { priceAmount: 'priceAmount' }, async (values) => {
    const result = await update({ variables: { id: collection.id, priceAmount: values.priceAmount.trim() } });
    const saved = result.data?.updateNftCollectionPrice;
    toast({ title: 'Price changed', description: `${collection.name}: ${saved?.priceAmount ?? values.priceAmount.trim()} ${currency}` });
    setOpen(false);
    form.reset({ priceAmount: saved?.priceAmount ?? values.priceAmount.trim() });
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={resetOnClose(setOpen, form, submission.setGeneralError, current)}
      trigger={
        <Button type="button" variant="ghost" size="sm">
          Change price
        </Button>
      }
      title={`Price of ${collection.name}`}
      description="Links opened from now on charge the new price; purchases already started keep theirs."
      {...submission}
      errorTitle="Could not change the price"
    >
      <InputField control={form.control} name="priceAmount" label={`Price per NFT (${currency})`} inputMode="decimal" autoComplete="off" autoFocus />
      <DialogSubmitFooter onCancel={() => setOpen(false)} pendingLabel="Saving">
        Save price
      </DialogSubmitFooter>
    </FormDialog>
  );
}
