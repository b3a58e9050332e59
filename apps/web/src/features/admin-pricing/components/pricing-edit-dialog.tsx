import { useMutation, useQuery } from '@apollo/client/react';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AdminPricing_Preview, AdminPricing_Save } from '@/features/admin-pricing/api/admin-pricing';
import {
  METHOD_OPTIONS,
  RemoveRowButton,
  RowField,
  RowSelect,
  RULE_METHOD_OPTIONS,
  RuleRowList,
  regionOptions,
  useRowsProblem,
  useRuleRows,
} from '@/features/admin-pricing/components/rule-rows';
import { RULE_TYPE_TITLE } from '@/features/admin-pricing/lib/rule-types';
import type { PaymentMethod, PricingRegion, PricingRuleInput, PricingTransactionType, RampQuoteTransactionType } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { PRICING_REGION_LABEL } from '@/lib/labels';

const REGION_OPTIONS = regionOptions(Object.keys(PRICING_REGION_LABEL) as PricingRegion[]);
const TRANSACTION_TYPE_OPTIONS = (['buy', 'sell', 'deposit', 'withdrawal'] as const).map((value) => ({ value, label: value }));
const SAMPLE_TYPE_OPTIONS = (['buy', 'sell'] as const).map((value) => ({ value, label: value }));
const SAMPLE_FIAT_OPTIONS = ['usd', 'eur', 'gbp'].map((code) => ({ value: code, label: code.toUpperCase() }));

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
  const ruleRows = useRuleRows<Row>(() => saved.map((rule, index) => ({ ...rule, key: index, paymentMethod: rule.paymentMethod ?? '' })));
  const { rows } = ruleRows;
  const [sample, setSample] = useState<Sample>({
    transactionType: 'buy',
    country: 'DE',
    paymentMethod: 'sepa',
    fiatCurrencyCode: 'eur',
    cryptoCurrencyCode: 'btc',
    amount: '100',
  });
  /** Sets one field of the sample quote. */
  const setField =
    <K extends keyof Sample>(key: K) =>
    (value: Sample[K]) =>
      setSample({ ...sample, [key]: value });
  const [reason, setReason] = useState('');
  const { problem: saveError, clear: clearSaveError, fail: failSave } = useRowsProblem();
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
    ruleRows.update(key, patch);
    clearSaveError();
  }
  const add = () => ruleRows.add({ transactionType: 'buy', region: 'Global', paymentMethod: '', percentage: '0', fixedValue: '0', minValue: '0' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    clearSaveError();
    try {
      await save({ variables: { accountId, type, rules: rows.map(toInput), reason: reason.trim() || null } });
      toast({
        title: `${title} saved`,
        description: rows.length ? `${rows.length} ${rows.length === 1 ? 'rule' : 'rules'} of this account.` : 'The defaults apply again.',
      });
      onOpenChange(false);
    } catch (error) {
      failSave(error);
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
          <RuleRowList label={`${title} rules`} rows={rows} empty="No rules of this account: the defaults apply." fields={fields} className="p-3">
            {(row, index) => (
              <div className="grid gap-2 sm:grid-cols-[7rem_9rem_minmax(10rem,1fr)_6rem_6rem_6rem_auto] sm:items-end">
                <RowSelect
                  label="Transaction"
                  value={row.transactionType}
                  options={TRANSACTION_TYPE_OPTIONS}
                  onChange={(transactionType) => update(row.key, { transactionType })}
                />
                <RowSelect label="Region" value={row.region} options={REGION_OPTIONS} onChange={(region) => update(row.key, { region })} />
                <RowSelect
                  label="Payment method"
                  value={row.paymentMethod}
                  options={RULE_METHOD_OPTIONS}
                  onChange={(paymentMethod) => update(row.key, { paymentMethod })}
                />
                {(['percentage', 'fixedValue', 'minValue'] as const).map((name) =>
                  isSpread && name !== 'percentage' ? (
                    <span key={name} aria-hidden className="hidden sm:block" />
                  ) : (
                    <RowField key={name} label={name === 'percentage' ? 'Percentage' : name === 'fixedValue' ? 'Fixed' : 'Minimum'}>
                      <Input
                        inputMode="decimal"
                        value={row[name]}
                        aria-label={`${name === 'percentage' ? 'Percentage' : name === 'fixedValue' ? 'Fixed value' : 'Minimum'} of rule ${index + 1}`}
                        aria-invalid={fields[`rules.${index}.${name}`] ? true : undefined}
                        onChange={(e) => update(row.key, { [name]: e.target.value })}
                      />
                    </RowField>
                  ),
                )}
                <RemoveRowButton index={index} onRemove={() => ruleRows.remove(row.key)} />
              </div>
            )}
          </RuleRowList>
          <div>
            <Button type="button" variant="outline" size="sm" onClick={add}>
              <PlusIcon aria-hidden /> Add rule
            </Button>
          </div>

          <section aria-label="Sample quote" className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
            <h3 className="text-sm font-semibold">Sample quote</h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-6">
              <RowSelect id="sample-type" label="Type" value={sample.transactionType} options={SAMPLE_TYPE_OPTIONS} onChange={setField('transactionType')} />
              <RowField htmlFor="sample-country" label="Country">
                <Input id="sample-country" value={sample.country} maxLength={2} onChange={(e) => setField('country')(e.target.value.toUpperCase())} />
              </RowField>
              <RowSelect id="sample-method" label="Method" value={sample.paymentMethod} options={METHOD_OPTIONS} onChange={setField('paymentMethod')} />
              <RowSelect id="sample-fiat" label="Fiat" value={sample.fiatCurrencyCode} options={SAMPLE_FIAT_OPTIONS} onChange={setField('fiatCurrencyCode')} />
              <RowField htmlFor="sample-asset" label="Asset">
                <Input id="sample-asset" value={sample.cryptoCurrencyCode} onChange={(e) => setField('cryptoCurrencyCode')(e.target.value.toLowerCase())} />
              </RowField>
              <RowField htmlFor="sample-amount" label="Amount">
                <Input id="sample-amount" inputMode="decimal" value={sample.amount} onChange={(e) => setField('amount')(e.target.value)} />
              </RowField>
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
