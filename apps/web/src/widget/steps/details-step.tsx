// Step 2: who and where: email, country, the wallet that receives (buy, swap) or gets refunds (sell), the payout method.
import { regionOfCountry } from '@rampart/shared/regions';
import type { WidgetFlow } from '@rampart/shared/widget';
import { Picker, type PickerOption } from '../components/picker';
import { Button, Notice, StepHeading, TextField, cx, StepForm, StepActions } from '../components/ui';
import { type FieldErrors, type Order, useWidget } from '../context';
import { assetLabel } from '../lib/address';
import { COUNTRIES, searchCountries } from '../lib/countries';
import { formatCrypto, formatFiat } from '../lib/decimal';
import type { QuoteState } from '../hooks';

const COUNTRY_OPTIONS: PickerOption[] = COUNTRIES.map((country) => ({ value: country.code, label: country.name, description: country.code }));
const filterCountries = (_options: PickerOption[], query: string) =>
  searchCountries(query).map((country) => ({ value: country.code, label: country.name, description: country.code }));

const BANK_METHODS = [
  { value: 'sepa', label: 'SEPA bank transfer', hint: 'EUR accounts in Europe, 1–2 business days' },
  { value: 'ach', label: 'ACH bank transfer', hint: 'US bank accounts, 1–3 business days' },
];

interface DetailsStepProps {
  flow: WidgetFlow;
  order: Order;
  update: (patch: Partial<Order>) => void;
  errors: FieldErrors;
  formError: string | null;
  quote: QuoteState;
  submitting: boolean;
  onContinue: () => void;
}

export function DetailsStep({ flow, order, update, errors, formError, quote, submitting, onContinue }: DetailsStepProps) {
  const { bootstrap, isLocked, currency } = useWidget();
  const receiving = currency(flow === 'swap' ? order.quoteCryptoCurrencyCode : order.cryptoCurrencyCode);
  const q = quote.quote;
  // Staff may turn a method off in some regions only: offer what the customer's region has.
  const byRegion = bootstrap.paymentMethodsByRegion;
  const offered = byRegion[regionOfCountry(order.country)] ?? byRegion.Global ?? bootstrap.paymentMethods;
  const sellMethods = BANK_METHODS.filter((method) => offered.includes(method.value));

  return (
    <StepForm onSubmit={onContinue}>
      <StepHeading
        description={
          q
            ? summaryLine(
                flow,
                q.baseCurrencyAmount,
                q.quoteCurrencyAmount,
                q.fiatCurrencyCode,
                currency(q.cryptoCurrencyCode)?.ticker ?? '',
                receiving?.ticker ?? '',
              )
            : undefined
        }
      >
        Your details
      </StepHeading>
      <div className="space-y-4">
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={order.email}
          onChange={(event) => update({ email: event.target.value })}
          error={errors.email}
          locked={isLocked('email')}
          hint="We send the receipt here."
        />
        <Picker
          label="Country of residence"
          title="Choose your country"
          searchLabel="Search countries"
          value={order.country}
          options={COUNTRY_OPTIONS}
          filter={filterCountries}
          onChange={(country) => update({ country })}
          error={errors.country}
        />
        {flow === 'sell' ? (
          <fieldset className="space-y-2">
            <legend className="mb-1.5 text-sm font-medium">Payout method</legend>
            {sellMethods.map((method) => (
              <label
                key={method.value}
                className={cx(
                  'flex min-h-12 cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3',
                  order.bankMethod === method.value ? 'border-brand' : 'border-line',
                )}
              >
                <input
                  type="radio"
                  name="bankMethod"
                  value={method.value}
                  checked={order.bankMethod === method.value}
                  onChange={() => update({ bankMethod: method.value })}
                  className="mt-1 accent-[var(--brand)]"
                />
                <span>
                  <span className="block font-medium">{method.label}</span>
                  <span className="block text-xs text-muted-fg">{method.hint}</span>
                </span>
              </label>
            ))}
            {errors.paymentMethod ? <p className="text-sm text-danger">{errors.paymentMethod}</p> : null}
            <p className="text-xs text-muted-fg">Test mode: the payout goes to a simulated bank account.</p>
          </fieldset>
        ) : null}
        {receiving ? (
          <TextField
            label={flow === 'sell' ? `Your ${assetLabel(receiving)} wallet, for refunds (optional)` : `Your ${assetLabel(receiving)} wallet address`}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono text-sm"
            value={flow === 'sell' ? order.refundWalletAddress : order.walletAddress}
            onChange={(event) => update(flow === 'sell' ? { refundWalletAddress: event.target.value } : { walletAddress: event.target.value })}
            error={flow === 'sell' ? (errors.refundWalletAddress ?? errors.walletAddress) : errors.walletAddress}
            locked={flow !== 'sell' && isLocked('walletAddress')}
            hint={
              flow === 'sell'
                ? 'If the sale cannot complete, the crypto goes back here.'
                : `Only ${assetLabel(receiving)}: sending to another network loses the funds.`
            }
          />
        ) : null}
        {receiving?.supportsAddressTag && flow !== 'sell' ? (
          <TextField
            label="Destination tag or memo (optional)"
            autoComplete="off"
            value={order.walletAddressTag}
            onChange={(event) => update({ walletAddressTag: event.target.value })}
            error={errors.walletAddressTag}
            locked={isLocked('walletAddressTag')}
            hint="Exchanges often need one; leave it empty for a personal wallet."
          />
        ) : null}
        {formError ? <Notice>{formError}</Notice> : null}
      </div>
      <StepActions>
        <Button type="submit" loading={submitting}>
          {flow === 'buy' ? 'Continue to payment' : 'Continue'}
        </Button>
      </StepActions>
    </StepForm>
  );
}

function summaryLine(flow: WidgetFlow, base: string, quoteAmount: string, fiat: string, ticker: string, receiveTicker: string): string {
  if (flow === 'buy') return `${formatFiat(base, fiat)} for ≈ ${formatCrypto(quoteAmount, ticker)}`;
  if (flow === 'sell') return `${formatCrypto(base, ticker)} for ≈ ${formatFiat(quoteAmount, fiat)}`;
  return `${formatCrypto(base, ticker)} for ≈ ${formatCrypto(quoteAmount, receiveTicker)}`;
}
