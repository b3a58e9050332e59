import { useQuery } from '@apollo/client/react';
import { FIAT_CURRENCIES } from '@rampart/shared/transactions';
import { isDecimalString } from '@rampart/shared/money';
import { useId, useMemo, useState } from 'react';
import { CountryCombobox } from '@/components/form/country-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectItems } from '@/components/select-items';
import { Skeleton } from '@/components/ui/skeleton';
import { RampQuoteQuery } from '@/features/ramp/api/pricing';
import {
  CALCULATOR_METHODS,
  describeCharge,
  feeBreakdown,
  PAYMENT_METHOD_LABEL,
  paymentMethodLabel,
  regionLabel,
  RULE_TYPE_LABEL,
  SPECIFICITY_LABEL,
  trimZeros,
} from '@/features/ramp/lib/pricing';
import { useDebounced } from '@/features/ramp/lib/use-debounced';
import type { PaymentMethod } from '@/gql/graphql';
import { countryOptions } from '@/lib/countries';
import { formatAmount, formatCountry } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';

export interface CalculatorAsset {
  code: string;
  name: string;
}

function crypto(amount: string, code: string): string {
  return `${trimZeros(amount)} ${code.toUpperCase()}`;
}

/** The fee calculator: the server's rampQuote (the widget's own arithmetic) for a customer the partner describes. */
export function QuoteCalculator({
  accountId,
  transactionType,
  assets,
}: {
  accountId: string;
  transactionType: 'buy' | 'sell';
  assets: readonly CalculatorAsset[];
}) {
  const id = useId();
  const methods = CALCULATOR_METHODS[transactionType];
  const [country, setCountry] = useState('US');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(methods[0]!);
  const [fiat, setFiat] = useState('usd');
  const [asset, setAsset] = useState((assets.find((entry) => entry.code === 'btc') ?? assets[0])?.code ?? 'btc');
  const [amount, setAmount] = useState(transactionType === 'buy' ? '100' : '0.01');
  const input = useMemo(
    () => ({ transactionType, country, paymentMethod, fiatCurrencyCode: fiat, cryptoCurrencyCode: asset, amount: amount.trim() }),
    [transactionType, country, paymentMethod, fiat, asset, amount],
  );
  const debounced = useDebounced(input);
  const amountValid = isDecimalString(debounced.amount) && !debounced.amount.startsWith('-');
  const quote = useQuery(RampQuoteQuery, { variables: { accountId, input: debounced }, skip: !amountValid || !debounced.country, fetchPolicy: 'network-only' });
  const info = quote.error ? describeApiError(quote.error) : null;
  const result = quote.error ? null : quote.data?.rampQuote;
  const fieldError = (name: string) => info?.fields[name];
  const FIAT = fiat.toUpperCase();
  const generalError =
    info && Object.keys(info.fields).length === 0
      ? info.message
      : info
        ? Object.entries(info.fields).find(([name]) => !['amount', 'country', 'paymentMethod', 'fiatCurrencyCode', 'cryptoCurrencyCode'].includes(name))?.[1]
        : null;
  const amountProblem =
    amount.trim() && !(isDecimalString(amount.trim()) && !amount.trim().startsWith('-')) ? 'Enter an amount such as 100 or 49.99.' : fieldError('amount');

  return (
    <Card role="region" aria-label="Fee calculator">
      <CardHeader>
        <CardTitle className="text-base">Fee calculator</CardTitle>
        <CardDescription>
          What a customer pays and gets with your current rules, computed by the same code the widget quotes with (test-mode reference rates).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-country`}>Customer’s country</Label>
            <CountryCombobox
              id={`${id}-country`}
              countries={countryOptions()}
              value={country}
              onChange={setCountry}
              aria-invalid={Boolean(fieldError('country'))}
            />
            {fieldError('country') && <p className="text-sm text-destructive">{fieldError('country')}</p>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-method`}>Payment method</Label>
            <Select value={paymentMethod} onValueChange={(value) => setPaymentMethod(value as PaymentMethod)}>
              <SelectTrigger id={`${id}-method`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItems options={methods} labelOf={(method) => PAYMENT_METHOD_LABEL[method]} />
              </SelectContent>
            </Select>
            {fieldError('paymentMethod') && <p className="text-sm text-destructive">{fieldError('paymentMethod')}</p>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-fiat`}>{transactionType === 'buy' ? 'Pays in' : 'Paid out in'}</Label>
            <Select value={fiat} onValueChange={setFiat}>
              <SelectTrigger id={`${id}-fiat`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItems options={FIAT_CURRENCIES} labelOf={(code) => code.toUpperCase()} />
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-asset`}>{transactionType === 'buy' ? 'Buys' : 'Sells'}</Label>
            <Select value={asset} onValueChange={setAsset} disabled={assets.length === 0}>
              <SelectTrigger id={`${id}-asset`} className="w-full">
                <SelectValue placeholder="No asset offered" />
              </SelectTrigger>
              <SelectContent>
                {assets.map((entry) => (
                  <SelectItem key={entry.code} value={entry.code}>
                    {entry.name} ({entry.code.toUpperCase()})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {fieldError('cryptoCurrencyCode') && <p className="text-sm text-destructive">{fieldError('cryptoCurrencyCode')}</p>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-amount`}>{transactionType === 'buy' ? `Amount paid (${FIAT})` : `Amount sent (${asset.toUpperCase()})`}</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={Boolean(amountProblem)}
              aria-describedby={amountProblem ? `${id}-amount-error` : undefined}
            />
            {amountProblem && (
              <p id={`${id}-amount-error`} className="text-sm text-destructive">
                {amountProblem}
              </p>
            )}
          </div>
        </div>
        {assets.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No asset is offered for {transactionType === 'buy' ? 'buying' : 'selling'} yet: the calculator quotes Bitcoin meanwhile. Switch assets on under
            Cryptocurrencies.
          </p>
        )}
        {generalError && (
          <p className="text-sm text-destructive" role="alert">
            {generalError}
          </p>
        )}
        <div aria-live="polite" className="flex flex-col gap-4">
          {quote.loading && !result ? (
            <Skeleton className="h-24 w-full" />
          ) : result ? (
            <>
              <p className="rounded-lg bg-muted/50 p-4 text-sm leading-relaxed sm:text-base" data-testid="quote-sentence">
                {transactionType === 'buy' ? (
                  <>
                    A customer in <strong>{formatCountry(country)}</strong> paying{' '}
                    <strong>{formatAmount(result.baseCurrencyAmount, result.fiatCurrencyCode)}</strong> by{' '}
                    {paymentMethodLabel(result.paymentMethod).toLowerCase()} gets{' '}
                    <strong>{crypto(result.quoteCurrencyAmount, result.cryptoCurrencyCode)}</strong>
                  </>
                ) : (
                  <>
                    A customer in <strong>{formatCountry(country)}</strong> selling{' '}
                    <strong>{crypto(result.baseCurrencyAmount, result.cryptoCurrencyCode)}</strong> by {paymentMethodLabel(result.paymentMethod).toLowerCase()}{' '}
                    receives <strong>{formatAmount(result.quoteCurrencyAmount, result.fiatCurrencyCode)}</strong>
                  </>
                )}
                ; fees <strong>{formatAmount(result.totalFeeAmount, result.fiatCurrencyCode)}</strong> ({feeBreakdown(result)}); you earn{' '}
                <strong>{formatAmount(result.extraFeeAmount, result.fiatCurrencyCode)}</strong>.
              </p>
              <dl className="grid gap-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs text-muted-foreground">Pricing region</dt>
                  <dd>{regionLabel(result.region)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Exchange rate</dt>
                  <dd className="tabular-nums">
                    1 {result.cryptoCurrencyCode.toUpperCase()} = {formatAmount(result.exchangeRate, result.fiatCurrencyCode)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">Market rate and spread</dt>
                  <dd className="tabular-nums">
                    {formatAmount(result.marketRate, result.fiatCurrencyCode)} · {trimZeros(result.spreadPercentage)} % spread
                  </dd>
                </div>
              </dl>
              <ul className="flex flex-col divide-y rounded-lg border text-sm" aria-label="Rules applied">
                {result.applied.map((applied) => (
                  <li key={applied.type} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
                    <span className="font-medium sm:w-32">{RULE_TYPE_LABEL[applied.type]}</span>
                    <span className="tabular-nums sm:w-28">{formatAmount(applied.amount, result.fiatCurrencyCode)}</span>
                    <span className="text-muted-foreground">
                      {applied.rule && applied.specificity
                        ? `${describeCharge(applied.rule, result.fiatCurrencyCode)} · rule for ${applied.specificity === 'region' || applied.specificity === 'regionAndPaymentMethod' ? regionLabel(applied.rule.region) : 'Global'}${applied.rule.paymentMethod ? ` and ${paymentMethodLabel(applied.rule.paymentMethod).toLowerCase()}` : ''} (matched by ${SPECIFICITY_LABEL[applied.specificity]}${applied.rule.source === 'ACCOUNT' ? ', this account' : ', default'})`
                        : 'No rule applies: nothing charged'}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
