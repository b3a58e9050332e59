import { useMutation, useQuery } from '@apollo/client/react';
import { PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AdminPricing_Preview, AdminPricing_Save } from '@/features/admin-pricing/api/admin-pricing';
import { FieldError, NativeSelect } from '@/features/admin-pricing/components/fields';
import { RULE_TYPE_TITLE } from '@/features/admin-pricing/lib/rule-types';
import type { PaymentMethod, PricingRegion, PricingRuleInput, PricingTransactionType, RampQuoteTransactionType } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { PAYMENT_METHOD_LABEL, PRICING_REGION_LABEL } from '@/lib/labels';

const REGIONS = Object.keys(PRICING_REGION_LABEL) as PricingRegion[];
const METHODS = Object.keys(PAYMENT_METHOD_LABEL) as PaymentMethod[];
const TRANSACTION_TYPES: PricingTransactionType[] = ['buy', 'sell', 'deposit', 'withdrawal'];

interface Row {
  key: number;
  transactionType: PricingTransactionType;
  region: PricingRegion;
  /** '' is every method. */
  paymentMethod: PaymentMethod | '';
  percentage: string;
  fixedValue: string;
  minValue: string;
}
type SavedRule = Omit<Row, 'key' | 'paymentMethod'> & { paymentMethod?: PaymentMethod | null };

interface Sample {
  transactionType: RampQuoteTransactionType;
  country: string;
  paymentMethod: PaymentMethod;
  fiatCurrencyCode: string;
  cryptoCurrencyCode: string;
  amount: string;
}

const toInput = (row: Row): PricingRuleInput => ({
  transactionType: row.transactionType,
  region: row.region,
  paymentMethod: row.paymentMethod || null,
  percentage: row.percentage.trim(),
  fixedValue: row.fixedValue.trim() || '0',
  minValue: row.minValue.trim() || '0',
});

/** Waits until the value has stayed the same for a moment, so typing does not quote on every key. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PricingEditDialogProps {
  accountId: string;
  type: 'fee' | 'networkFee' | 'spread';
  limits: { feeMaxPercentage: string; networkFeeMaxPercentage: string; spreadMaxPercentage: string; maxFixedValue: string };
  saved: readonly SavedRule[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Replaces the account's rules of one type. Beside the rows, a sample quote priced with the saved rules and with the
 * draft (previewPricingRules, nothing saved) shows what the change does before it is saved.
 */
export function PricingEditDialog({ accountId, type, limits, saved, open, onOpenChange }: PricingEditDialogProps) {
  const [rows, setRows] = useState<Row[]>(() => saved.map((rule, index) => ({ ...rule, key: index, paymentMethod: rule.paymentMethod ?? '' })));
  const [nextKey, setNextKey] = useState(saved.length);
  const [sample, setSample] = useState<Sample>({
    transactionType: 'buy',
    country: 'DE',
    paymentMethod: 'sepa',
    fiatCurrencyCode: 'eur',
    cryptoCurrencyCode: 'btc',
    amount: '100',
  });
  const [reason, setReason] = useState('');
  const [saveError, setSaveError] = useState<{ message: string | null; fields: Record<string, string> }>({ message: null, fields: {} });
  const title = RULE_TYPE_TITLE[type];
  const isSpread = type === 'spread';
  const max = type === 'fee' ? limits.feeMaxPercentage : type === 'networkFee' ? limits.networkFeeMaxPercentage : limits.spreadMaxPercentage;

  const variables = useSettled(useMemo(() => ({ accountId, type, rules: rows.map(toInput), sample }), [accountId, type, rows, sample]));
  const preview = useQuery(AdminPricing_Preview, { variables, fetchPolicy: 'network-only' });
  const quotes = (preview.data ?? preview.previousData)?.previewPricingRules;
  const previewError = preview.error ? describeApiError(preview.error) : null;
  const fields = { ...(previewError?.fields ?? {}), ...saveError.fields };

  const [save, saving] = useMutation(AdminPricing_Save, { refetchQueries: ['AdminPricing_Rules'], awaitRefetchQueries: true });

  function update(key: number, patch: Partial<Row>) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setSaveError({ message: null, fields: {} });
  }
  function add() {
    setRows((current) => [
      ...current,
      { key: nextKey, transactionType: 'buy', region: 'Global', paymentMethod: '', percentage: '0', fixedValue: '0', minValue: '0' },
    ]);
    setNextKey(nextKey + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError({ message: null, fields: {} });
    try {
      await save({ variables: { accountId, type, rules: rows.map(toInput), reason: reason.trim() || null } });
      toast({
        title: `${title} saved`,
        description: rows.length ? `${rows.length} ${rows.length === 1 ? 'rule' : 'rules'} of this account.` : 'The defaults apply again.',
      });
      onOpenChange(false);
    } catch (error) {
      const info = describeApiError(error);
      setSaveError({ message: Object.keys(info.fields).length ? null : info.message, fields: info.fields });
    }
  }

  const line = (label: string, pick: (quote: NonNullable<typeof quotes>['current']) => string) => {
    if (!quotes) return null;
    const before = pick(quotes.current);
    const after = pick(quotes.draft);
    return (
      <div className="grid grid-cols-[1fr_auto_auto] items-baseline gap-x-4 py-1 text-sm">
        <dt className="text-muted-foreground">{label}</dt>
        <dd className="text-right tabular-nums text-muted-foreground">{before}</dd>
        <dd className={`text-right font-medium tabular-nums ${before !== after ? 'text-primary' : ''}`} data-changed={before !== after || undefined}>
          {after}
        </dd>
      </div>
    );
  };
  const fiat = (amount: string) => `${amount} ${quotes?.current.fiatCurrencyCode.toUpperCase() ?? ''}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Edit {title.toLowerCase()}</DialogTitle>
            <DialogDescription>
              Percentage up to {max} %{isSpread ? '' : `; fixed value and minimum up to ${limits.maxFixedValue} in the customer’s currency`}. These rows replace
              the account’s own {title.toLowerCase()} rules; leave none to go back to the defaults.
            </DialogDescription>
          </DialogHeader>
          <ErrorAlert title={`Could not save the ${title.toLowerCase()}`} message={saveError.message ?? fields.rules ?? null} />
          <ol className="flex flex-col gap-3" aria-label={`${title} rules`}>
            {rows.length === 0 ? (
              <li className="rounded-md border border-dashed px-4 py-4 text-center text-sm text-muted-foreground">
                No rules of this account: the defaults apply.
              </li>
            ) : null}
            {rows.map((row, index) => (
              <li key={row.key} className="flex flex-col gap-1 rounded-lg border p-3">
                <div className="grid gap-2 sm:grid-cols-[7rem_9rem_minmax(10rem,1fr)_6rem_6rem_6rem_auto] sm:items-end">
                  <label className="flex flex-col gap-1 text-xs font-medium">
                    Transaction
                    <NativeSelect value={row.transactionType} onChange={(e) => update(row.key, { transactionType: e.target.value as PricingTransactionType })}>
                      {TRANSACTION_TYPES.map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </NativeSelect>
                  </label>
                  <label className="flex flex-col gap-1 text-xs font-medium">
                    Region
                    <NativeSelect value={row.region} onChange={(e) => update(row.key, { region: e.target.value as PricingRegion })}>
                      {REGIONS.map((value) => (
                        <option key={value} value={value}>
                          {PRICING_REGION_LABEL[value]}
                        </option>
                      ))}
                    </NativeSelect>
                  </label>
                  <label className="flex flex-col gap-1 text-xs font-medium">
                    Payment method
                    <NativeSelect value={row.paymentMethod} onChange={(e) => update(row.key, { paymentMethod: e.target.value as PaymentMethod | '' })}>
                      <option value="">All methods</option>
                      {METHODS.map((value) => (
                        <option key={value} value={value}>
                          {PAYMENT_METHOD_LABEL[value]}
                        </option>
                      ))}
                    </NativeSelect>
                  </label>
                  {(['percentage', 'fixedValue', 'minValue'] as const).map((name) =>
                    isSpread && name !== 'percentage' ? (
                      <span key={name} aria-hidden className="hidden sm:block" />
                    ) : (
                      <label key={name} className="flex flex-col gap-1 text-xs font-medium">
                        {name === 'percentage' ? 'Percentage' : name === 'fixedValue' ? 'Fixed' : 'Minimum'}
                        <Input
                          inputMode="decimal"
                          value={row[name]}
                          aria-label={`${name === 'percentage' ? 'Percentage' : name === 'fixedValue' ? 'Fixed value' : 'Minimum'} of rule ${index + 1}`}
                          aria-invalid={fields[`rules.${index}.${name}`] ? true : undefined}
                          onChange={(e) => update(row.key, { [name]: e.target.value })}
                        />
                      </label>
                    ),
                  )}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove rule ${index + 1}`}
                    onClick={() => setRows((current) => current.filter((each) => each.key !== row.key))}
                  >
                    <XIcon aria-hidden />
                  </Button>
                </div>
                {Object.entries(fields)
                  .filter(([field]) => field === `rules.${index}` || field.startsWith(`rules.${index}.`))
                  .map(([field, message]) => (
                    <FieldError key={field} message={message} />
                  ))}
              </li>
            ))}
          </ol>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={add}>
              <PlusIcon aria-hidden /> Add rule
            </Button>
          </div>

          <section aria-label="Sample quote" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
            <h3 className="text-sm font-semibold">Sample quote</h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-6">
              <label htmlFor="sample-type" className="flex flex-col gap-1 text-xs font-medium">
                Type
                <NativeSelect
                  id="sample-type"
                  value={sample.transactionType}
                  onChange={(e) => setSample({ ...sample, transactionType: e.target.value as RampQuoteTransactionType })}
                >
                  <option value="buy">buy</option>
                  <option value="sell">sell</option>
                </NativeSelect>
              </label>
              <label htmlFor="sample-country" className="flex flex-col gap-1 text-xs font-medium">
                Country
                <Input
                  id="sample-country"
                  value={sample.country}
                  maxLength={2}
                  onChange={(e) => setSample({ ...sample, country: e.target.value.toUpperCase() })}
                />
              </label>
              <label htmlFor="sample-method" className="flex flex-col gap-1 text-xs font-medium">
                Method
                <NativeSelect
                  id="sample-method"
                  value={sample.paymentMethod}
                  onChange={(e) => setSample({ ...sample, paymentMethod: e.target.value as PaymentMethod })}
                >
                  {METHODS.map((value) => (
                    <option key={value} value={value}>
                      {PAYMENT_METHOD_LABEL[value]}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <label htmlFor="sample-fiat" className="flex flex-col gap-1 text-xs font-medium">
                Fiat
                <NativeSelect id="sample-fiat" value={sample.fiatCurrencyCode} onChange={(e) => setSample({ ...sample, fiatCurrencyCode: e.target.value })}>
                  {['usd', 'eur', 'gbp'].map((code) => (
                    <option key={code} value={code}>
                      {code.toUpperCase()}
                    </option>
                  ))}
                </NativeSelect>
              </label>
              <label htmlFor="sample-asset" className="flex flex-col gap-1 text-xs font-medium">
                Asset
                <Input
                  id="sample-asset"
                  value={sample.cryptoCurrencyCode}
                  onChange={(e) => setSample({ ...sample, cryptoCurrencyCode: e.target.value.toLowerCase() })}
                />
              </label>
              <label htmlFor="sample-amount" className="flex flex-col gap-1 text-xs font-medium">
                Amount
                <Input id="sample-amount" inputMode="decimal" value={sample.amount} onChange={(e) => setSample({ ...sample, amount: e.target.value })} />
              </label>
            </div>
            {previewError && Object.keys(previewError.fields).every((field) => !field.startsWith('rules')) ? (
              <p className="text-sm text-destructive" role="alert">
                {Object.values(previewError.fields)[0] ?? previewError.message}
              </p>
            ) : null}
            {quotes ? (
              <dl aria-label="Preview" aria-busy={preview.loading || undefined} className="divide-y">
                <div className="grid grid-cols-[1fr_auto_auto] gap-x-4 pb-1 text-xs font-medium text-muted-foreground">
                  <span />
                  <span className="text-right">Saved rules</span>
                  <span className="text-right">Draft</span>
                </div>
                {line(sample.transactionType === 'buy' ? 'Customer pays' : 'Customer sends', (q) =>
                  sample.transactionType === 'buy' ? fiat(q.baseCurrencyAmount) : `${q.baseCurrencyAmount} ${q.cryptoCurrencyCode.toUpperCase()}`,
                )}
                {line('Provider fee', (q) => fiat(q.feeAmount))}
                {line('Network fee', (q) => fiat(q.networkFeeAmount))}
                {line('Partner fee', (q) => fiat(q.extraFeeAmount))}
                {line('Spread', (q) => `${q.spreadPercentage} %`)}
                {line('Rate', (q) => fiat(q.exchangeRate))}
                {line(sample.transactionType === 'buy' ? 'Customer receives' : 'Customer is paid', (q) =>
                  sample.transactionType === 'buy' ? `${q.quoteCurrencyAmount} ${q.cryptoCurrencyCode.toUpperCase()}` : fiat(q.quoteCurrencyAmount),
                )}
              </dl>
            ) : null}
          </section>

          <div className="flex flex-col gap-1.5">
            <Label htmlFor="pricing-reason">Reason (kept in the audit trail)</Label>
            <Input id="pricing-reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Negotiated EEA rate" />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving.loading}>
              Save {title.toLowerCase()}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
