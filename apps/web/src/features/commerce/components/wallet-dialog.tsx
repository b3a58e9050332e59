import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { CodeField } from '@/components/form/input-field';
import { FormDialog } from '@/components/form/form-dialog';
import { AddHelioWalletMutation, UpdateHelioWalletMutation } from '@/features/commerce/api/commerce';
import { walletDialogDescription, type PayoutSituation } from '@/features/commerce/lib/payout-words';
import { walletAddressIssue, walletTagIssue } from '@/features/commerce/lib/commerce';
import { CurrencyIcon } from '@/components/currency-icon';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors, serverFieldMap } from '@/lib/form-errors';
import { resetOnClose } from '@/hooks/use-server-submit';

export interface WalletDialogCurrency {
  id: string;
  code: string;
  name: string;
  icon: string;
  addressRegex: string;
  supportsAddressTag: boolean;
}

export interface EditedWallet {
  id: string;
  walletAddress: string;
  walletAddressTag?: string | null;
  /** Whether Helio holds this address (received with the merchant account's creation, unchanged since). */
  heldByHelio: boolean;
  currency: WalletDialogCurrency;
}

function walletSchema(currencies: readonly WalletDialogCurrency[]) {
  return z
    .object({ currencyCode: z.string().min(1, 'Choose a currency'), walletAddress: z.string(), walletAddressTag: z.string() })
    .superRefine((values, ctx) => {
      const currency = currencies.find((item) => item.code === values.currencyCode) ?? null;
      const address = walletAddressIssue(values.walletAddress, currency);
      if (address) ctx.addIssue({ code: 'custom', path: ['walletAddress'], message: address });
      const tag = walletTagIssue(values.walletAddressTag, currency);
      if (tag) ctx.addIssue({ code: 'custom', path: ['walletAddressTag'], message: tag });
    });
}
type WalletValues = z.infer<ReturnType<typeof walletSchema>>;

const SERVER_FIELDS = serverFieldMap<WalletValues>('currencyCode', 'walletAddress', 'walletAddressTag');

/** Adds a payout wallet, or edits one (`wallet`): address and tag checked against the currency as the server does. */
export function WalletDialog({
  accountId,
  currencies,
  wallet,
  situation,
  open,
  onOpenChange,
  onSaved,
}: {
  accountId: string;
  currencies: readonly WalletDialogCurrency[];
  wallet: EditedWallet | null;
  /** Who pays out, and whether Helio already received the wallets (words: payout-words.ts). */
  situation: PayoutSituation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const editing = wallet !== null;
  const choices = useMemo(
    () => (wallet && !currencies.some((item) => item.id === wallet.currency.id) ? [wallet.currency, ...currencies] : currencies),
    [currencies, wallet],
  );
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [add] = useMutation(AddHelioWalletMutation);
  const [update] = useMutation(UpdateHelioWalletMutation);
  const initial: WalletValues = {
    currencyCode: wallet?.currency.code ?? '',
    walletAddress: wallet?.walletAddress ?? '',
    walletAddressTag: wallet?.walletAddressTag ?? '',
  };
  const form = useForm<WalletValues>({ resolver: zodResolver(walletSchema(choices)), defaultValues: initial, mode: 'onTouched' });
  const currency = choices.find((item) => item.code === form.watch('currencyCode')) ?? null;
  const showTag = Boolean(currency?.supportsAddressTag) || form.watch('walletAddressTag') !== '';

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    const walletAddress = values.walletAddress.trim();
    const walletAddressTag = values.walletAddressTag.trim() || null;
    try {
      if (wallet) await update({ variables: { id: wallet.id, input: { walletAddress, walletAddressTag } } });
      else await add({ variables: { accountId, input: { currencyCode: values.currencyCode, walletAddress, walletAddressTag } } });
      toast({ title: editing ? 'Wallet saved' : 'Wallet added', description: `${currency?.name ?? values.currencyCode}: ${walletAddress}` });
      onSaved();
      onOpenChange(false);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, SERVER_FIELDS));
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={resetOnClose(onOpenChange, form, setGeneralError, initial)}
      className="sm:max-w-lg"
      title={editing ? 'Edit the payout wallet' : 'Add a payout wallet'}
      description={walletDialogDescription(situation, wallet)}
      form={form}
      onSubmit={submit}
      generalError={generalError}
      errorTitle={editing ? 'Could not save the wallet' : 'Could not add the wallet'}
    >
      <SelectField
        control={form.control}
        name="currencyCode"
        label="Currency"
        description={editing ? 'To pay out in another currency, add a wallet for it.' : undefined}
        placeholder="Choose a currency"
        triggerClassName="w-full"
        disabled={editing}
        options={choices.map((item) => ({
          value: item.code,
          label: (
            <span className="flex items-center gap-2">
              <CurrencyIcon icon={item.icon} className="size-4" />
              {item.name}
            </span>
          ),
        }))}
        onValueChange={() => {
          if (form.getFieldState('walletAddress').isTouched) void form.trigger(['walletAddress', 'walletAddressTag']);
        }}
      />
      <CodeField
        control={form.control}
        name="walletAddress"
        label="Wallet address"
        placeholder={currency ? `Your ${currency.name} address` : 'Choose a currency first'}
      />
      {showTag && (
        <CodeField
          control={form.control}
          name="walletAddressTag"
          label="Destination tag or memo (optional)"
          description="Only if your wallet or exchange gave you one for this address."
        />
      )}
      <DialogSubmitFooter onCancel={() => onOpenChange(false)} pendingLabel="Saving">
        {editing ? 'Save wallet' : 'Add wallet'}
      </DialogSubmitFooter>
    </FormDialog>
  );
}
