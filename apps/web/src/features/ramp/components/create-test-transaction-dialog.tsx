import { DialogSubmitFooter } from '@/components/dialog-form-footer';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@apollo/client/react';
import { isDecimalString } from '@rampart/shared/money';
import { FIAT_CURRENCIES } from '@rampart/shared/transactions';
import { FlaskConicalIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { SelectField } from '@/components/form/select-field';
import { InputField } from '@/components/form/input-field';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { CreateTestTransactionMutation, TestCurrenciesQuery } from '@/features/ramp/api/test-transactions';
import { CALCULATOR_METHODS, PAYMENT_METHOD_LABEL } from '@/features/ramp/lib/pricing';
import { TEST_KIND_LABEL, type TestKind } from '@/features/ramp/lib/test-transactions';
import type { PaymentMethod } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { applyServerErrors } from '@/lib/form-errors';

const schema = z
  .object({
    kind: z.enum(['buy', 'sell', 'swap']),
    cryptoCurrencyCode: z.string().min(1, 'Choose an asset.'),
    quoteCryptoCurrencyCode: z.string(),
    amount: z
      .string()
      .trim()
      .refine((value) => value === '' || (isDecimalString(value) && !value.startsWith('-') && Number(value) > 0), 'Enter an amount above zero, such as 100.'),
    fiatCurrencyCode: z.string(),
    paymentMethod: z.string(),
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Enter an e-mail address such as ada@example.com.'),
    externalCustomerId: z.string().trim(),
  })
  .superRefine((values, ctx) => {
    if (values.kind === 'swap' && !values.quoteCryptoCurrencyCode)
      ctx.addIssue({ code: 'custom', path: ['quoteCryptoCurrencyCode'], message: 'Choose the asset received.' });
    if (values.kind === 'swap' && values.quoteCryptoCurrencyCode === values.cryptoCurrencyCode)
      ctx.addIssue({ code: 'custom', path: ['quoteCryptoCurrencyCode'], message: 'Choose another asset than the one sent.' });
  });
type Values = z.infer<typeof schema>;

const LIST_QUERIES = ['Transactions_BuyList', 'Transactions_SellList', 'Transactions_SwapList'];

/** The dialog behind the "Create test transaction" button (create-test-transaction-button.tsx loads it lazily). */
export default function CreateTestTransactionDialog({ accountId, initiallyOpen = false }: { accountId: string; initiallyOpen?: boolean }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(initiallyOpen);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const currencies = useQuery(TestCurrenciesQuery, { variables: { accountId }, skip: !open });
  const [create] = useMutation(CreateTestTransactionMutation, { refetchQueries: LIST_QUERIES });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: 'buy',
      cryptoCurrencyCode: '',
      quoteCryptoCurrencyCode: '',
      amount: '',
      fiatCurrencyCode: 'usd',
      paymentMethod: 'creditCard',
      email: '',
      externalCustomerId: '',
    },
  });
  const kind = form.watch('kind');
  const assets = useMemo(() => {
    const pairs = currencies.data?.account?.currencyAccountPairs ?? [];
    const offered = pairs.filter(
      (pair) => !pair.currency.isSuspended && pair.currency.supportsTestMode && (kind === 'sell' ? pair.isSellEnabled : pair.isEnabled),
    );
    return (offered.length ? offered : pairs.filter((pair) => !pair.currency.isSuspended))
      .map((pair) => pair.currency)
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [currencies.data, kind]);
  const methods = kind === 'sell' ? CALCULATOR_METHODS.sell : CALCULATOR_METHODS.buy;

  const submit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      const result = await create({
        variables: {
          accountId,
          input: {
            kind: values.kind,
            cryptoCurrencyCode: values.cryptoCurrencyCode,
            quoteCryptoCurrencyCode: values.kind === 'swap' ? values.quoteCryptoCurrencyCode : null,
            fiatCurrencyCode: values.kind === 'swap' ? null : values.fiatCurrencyCode,
            paymentMethod: values.kind === 'swap' ? null : (values.paymentMethod as PaymentMethod),
            amount: values.amount || null,
            email: values.email || null,
            externalCustomerId: values.externalCustomerId || null,
          },
        },
      });
      const id = result.data?.createTestTransaction.id;
      setOpen(false);
      form.reset();
      toast({ title: 'Test transaction created', description: 'Its webhooks are on their way to your endpoints.' });
      if (id) void navigate(`/transactions/${id}`);
    } catch (caught) {
      const map = {
        kind: 'kind',
        cryptoCurrencyCode: 'cryptoCurrencyCode',
        quoteCryptoCurrencyCode: 'quoteCryptoCurrencyCode',
        amount: 'amount',
        fiatCurrencyCode: 'fiatCurrencyCode',
        paymentMethod: 'paymentMethod',
        email: 'email',
        externalCustomerId: 'externalCustomerId',
      } as const;
      const prefixed = Object.fromEntries(
        Object.entries(map).flatMap(([key, value]) => [
          [key, value],
          [`input.${key}`, value],
        ]),
      );
      setGeneralError(applyServerErrors(form, caught, prefixed));
    }
  });

  const assetSelect = (name: 'cryptoCurrencyCode' | 'quoteCryptoCurrencyCode', label: string) => (
    <SelectField
      control={form.control}
      name={name}
      label={label}
      placeholder="Choose an asset"
      triggerClassName="w-full"
      options={assets.map((asset) => ({ value: asset.code, label: `${asset.name} (${asset.code.toUpperCase()})` }))}
    />
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setGeneralError(null);
      }}
      trigger={
        <Button variant="outline" size="sm">
          <FlaskConicalIcon aria-hidden /> Create test transaction
        </Button>
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
      title="Create a test transaction"
      description="A test customer’s transaction in its first status, priced by your rules. Move it through its statuses from its page to try your webhook handling."
      form={form}
      onSubmit={submit}
      generalError={generalError}
      errorTitle="Could not create it"
    >
      <SelectField
        control={form.control}
        name="kind"
        label="Kind"
        options={(Object.keys(TEST_KIND_LABEL) as TestKind[]).map((key) => ({ value: key, label: TEST_KIND_LABEL[key] }))}
        triggerClassName="w-full"
        onValueChange={(value) => {
          form.setValue('paymentMethod', value === 'sell' ? 'sepa' : 'creditCard');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {assetSelect('cryptoCurrencyCode', kind === 'buy' ? 'Asset bought' : kind === 'sell' ? 'Asset sold' : 'Asset sent')}
        {kind === 'swap' && assetSelect('quoteCryptoCurrencyCode', 'Asset received')}
        <InputField
          control={form.control}
          name="amount"
          label={kind === 'buy' ? 'Amount paid' : 'Amount sent (crypto)'}
          inputMode="decimal"
          autoComplete="off"
          placeholder="A default"
        />
        {kind !== 'swap' && (
          <>
            <SelectField
              control={form.control}
              name="fiatCurrencyCode"
              label="Fiat currency"
              options={FIAT_CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() }))}
              triggerClassName="w-full"
            />
            <SelectField
              control={form.control}
              name="paymentMethod"
              label="Payment method"
              options={methods.map((method) => ({ value: method, label: PAYMENT_METHOD_LABEL[method] }))}
              triggerClassName="w-full"
            />
          </>
        )}
        <InputField control={form.control} name="email" label="Customer e-mail" type="email" autoComplete="off" placeholder="A test customer" />
        <InputField
          control={form.control}
          name="externalCustomerId"
          label="External customer id"
          description="Optional: your id for the customer."
          autoComplete="off"
        />
      </div>
      <DialogSubmitFooter onCancel={() => setOpen(false)} pendingLabel="Creating">
        Create
      </DialogSubmitFooter>
    </FormDialog>
  );
}
