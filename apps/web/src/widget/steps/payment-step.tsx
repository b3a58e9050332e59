// Step 3 (buy): the test card form. Test mode only: the documented cards are listed to tap.
import { useState } from 'react';
import { CreditCard, FlaskConical } from 'lucide-react';
import { Button, Notice, Rows, StepHeading, TextField, cx, StepForm, StepActions } from '../components/ui';
import { type FieldErrors, useWidget } from '../context';
import { cvcValid, digitsOnly, formatCardNumber, formatExpiryTyping, luhnValid, parseExpiry } from '../lib/card';
import { formatCrypto, formatFiat } from '../lib/decimal';
import type { CardPayment } from '../lib/api';
import type { WidgetQuote } from '@rampart/shared/widget';

interface PaymentStepProps {
  quote: WidgetQuote | null;
  serverErrors: FieldErrors;
  formError: string | null;
  notice: string | null;
  submitting: boolean;
  onPay: (card: CardPayment) => void;
  /** What is bought when it is not an amount of crypto (the NFT checkout's token). */
  receiveLabel?: string;
}

export function PaymentStep({ quote, serverErrors, formError, notice, submitting, onPay, receiveLabel }: PaymentStepProps) {
  const { bootstrap, currency } = useWidget();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const asset = quote ? currency(quote.cryptoCurrencyCode) : undefined;

  const fill = (cardNumber: string) => {
    setNumber(formatCardNumber(cardNumber));
    const year = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
    if (!expiry) setExpiry(`12 / ${year}`);
    if (!cvc) setCvc('123');
    if (!name) setName('Test Customer');
    setErrors({});
  };

  const submit = () => {
    const next: FieldErrors = {};
    if (!luhnValid(number)) next.cardNumber = digitsOnly(number) ? 'This card number is not valid. Check the digits.' : 'Enter the card number.';
    const parsedExpiry = parseExpiry(expiry);
    if (!parsedExpiry.ok) next.expiry = parsedExpiry.error;
    if (!cvcValid(cvc)) next.cvc = 'Enter the 3 or 4 digits on the back of the card.';
    if (!name.trim()) next.cardholderName = 'Enter the name on the card.';
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsedExpiry.ok) return;
    onPay({ cardNumber: digitsOnly(number), expiryMonth: parsedExpiry.month, expiryYear: parsedExpiry.year, cvc: cvc.trim(), cardholderName: name.trim() });
  };

  const shown = { ...serverErrors, ...errors };
  const expiryError = shown.expiry ?? shown.expiryMonth ?? shown.expiryYear;

  return (
    <StepForm onSubmit={submit}>
      <StepHeading>Pay by card</StepHeading>
      {quote ? (
        <Rows
          className="mb-4 rounded-2xl border border-line p-4"
          rows={[
            { label: 'You pay', value: formatFiat(quote.baseCurrencyAmount, quote.fiatCurrencyCode) },
            { label: 'Fees included', value: formatFiat(quote.totalFeeAmount, quote.fiatCurrencyCode) },
            receiveLabel
              ? { label: 'You get', value: receiveLabel, strong: true }
              : {
                  label: 'You get ≈',
                  value: formatCrypto(quote.quoteCurrencyAmount, asset?.ticker ?? quote.cryptoCurrencyCode, asset?.decimals),
                  strong: true,
                },
          ]}
        />
      ) : null}

      <section aria-labelledby="test-cards" className="mb-4 rounded-2xl bg-warn-bg p-3 text-warn-fg">
        <h2 id="test-cards" className="flex items-center gap-1.5 text-sm font-semibold">
          <FlaskConical aria-hidden className="size-4" />
          Test mode: use a test card, no real money moves
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {bootstrap.testCards.map((card) => (
            <li key={card.number}>
              <button
                type="button"
                onClick={() => fill(card.number)}
                className={cx(
                  'rounded-lg border border-current/30 bg-panel px-2.5 py-1.5 text-left text-xs text-fg hover:border-current',
                  digitsOnly(number) === card.number && 'border-brand ring-1 ring-brand',
                )}
                aria-label={`Fill in ${formatCardNumber(card.number)}: ${card.label}`}
              >
                <span className="block font-mono font-semibold">{formatCardNumber(card.number)}</span>
                <span className="block text-muted-fg">{card.label}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <div className="space-y-4">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className="font-mono"
          value={number}
          onChange={(event) => setNumber(formatCardNumber(event.target.value))}
          error={shown.cardNumber}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(event) => setExpiry(formatExpiryTyping(event.target.value))}
            error={expiryError}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(event) => setCvc(digitsOnly(event.target.value))}
            error={shown.cvc}
          />
        </div>
        <TextField label="Name on card" autoComplete="cc-name" value={name} onChange={(event) => setName(event.target.value)} error={shown.cardholderName} />
        {notice ? <Notice tone="warn">{notice}</Notice> : null}
        {formError ? <Notice>{formError}</Notice> : null}
      </div>
      <StepActions>
        <Button type="submit" loading={submitting}>
          <CreditCard aria-hidden className="size-5" />
          {quote ? `Pay ${formatFiat(quote.baseCurrencyAmount, quote.fiatCurrencyCode)}` : 'Pay'}
        </Button>
      </StepActions>
    </StepForm>
  );
}
