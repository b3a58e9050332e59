// Step 1: how much, of what. The price below updates as the customer types.
import type { WidgetFlow } from '@rampart/shared/widget';
import { AssetIcon, Picker, type PickerOption } from '../components/picker';
import { Button, FieldShell, inputClass, Notice, SelectField, Spinner, StepHeading, cx, StepForm, StepActions } from '../components/ui';
import { type Order, useWidget } from '../context';
import type { QuoteState } from '../hooks';
import { assetLabel } from '../lib/address';
import { sanitizeAmountTyping } from '../lib/decimal';
import { assetsOfferedIn } from '../lib/offered';
import { QuoteSummary } from './quote-summary';

interface AmountStepProps {
  flow: WidgetFlow;
  order: Order;
  update: (patch: Partial<Order>) => void;
  amountError: string | null;
  quote: QuoteState;
  onContinue: () => void;
}

const TITLES: Record<WidgetFlow, string> = { buy: 'Buy crypto', sell: 'Sell crypto', swap: 'Swap crypto', nft: 'Buy an NFT' };

export function AmountStep({ flow, order, update, amountError, quote, onContinue }: AmountStepProps) {
  const { bootstrap, isLocked, currency } = useWidget();
  // An asset the provider suspended for US customers is not offered to one (the quote refuses it too).
  const assets: PickerOption[] = assetsOfferedIn(bootstrap.currencies, order.country).map((asset) => ({
    value: asset.code,
    label: assetLabel(asset),
    description: asset.name.replace(/\s*\(.*\)$/, ''),
    keywords: `${asset.code} ${asset.ticker} ${asset.networkCode}`,
    icon: <AssetIcon src={asset.icon} ticker={asset.ticker} />,
  }));
  const asset = currency(order.cryptoCurrencyCode);
  const serverAmountError = quote.error?.details.amount ?? null;
  const quoteError = quote.error && !quote.error.details.amount && quote.error.type !== 'country_blocked' ? quote.error : null;
  const amountLocked = isLocked('baseCurrencyAmount');

  const amountField = (unit: string, label: string) => (
    <FieldShell label={label} error={amountError ?? serverAmountError} locked={amountLocked}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            readOnly={amountLocked}
            value={order.amountText}
            placeholder="0"
            onChange={(event) => update({ amountText: sanitizeAmountTyping(event.target.value) })}
            className={cx(inputClass, 'min-h-14 pr-20 text-2xl font-semibold tabular-nums')}
          />
          <span className="pointer-events-none absolute top-1/2 right-3.5 -translate-y-1/2 text-sm font-semibold text-muted-fg uppercase">{unit}</span>
        </div>
      )}
    </FieldShell>
  );

  // The asset the customer buys, sells or sends, and the fiat currency paid or paid out.
  const assetPicker = (label: string, title: string) => (
    <Picker
      label={label}
      title={title}
      searchLabel="Search assets"
      value={order.cryptoCurrencyCode}
      options={assets}
      onChange={(code) => update({ cryptoCurrencyCode: code })}
      locked={isLocked('currencyCode')}
    />
  );
  const fiatSelect = (label: string) => (
    <SelectField
      label={label}
      value={order.fiatCurrencyCode}
      locked={isLocked('baseCurrencyCode')}
      onChange={(event) => update({ fiatCurrencyCode: event.target.value })}
    >
      {bootstrap.fiatCurrencies.map((code) => (
        <option key={code} value={code}>
          {code.toUpperCase()}
        </option>
      ))}
    </SelectField>
  );

  if (bootstrap.currencies.length === 0) {
    return (
      <>
        <StepHeading>{TITLES[flow]}</StepHeading>
        <Notice tone="warn" title="Nothing to offer yet">
          {bootstrap.account.name} has not enabled any assets for {flow === 'sell' ? 'selling' : flow === 'swap' ? 'swaps' : 'buying'}.
        </Notice>
      </>
    );
  }

  return (
    <StepForm onSubmit={onContinue}>
      <StepHeading description={`With ${bootstrap.account.name}`}>{TITLES[flow]}</StepHeading>
      <div className="space-y-4">
        {flow === 'buy' ? (
          <>
            <div className="grid grid-cols-[1fr_7rem] items-start gap-2">
              {amountField(order.fiatCurrencyCode, 'You pay')}
              {fiatSelect('Currency')}
            </div>
            {assetPicker('You buy', 'Choose an asset')}
          </>
        ) : null}
        {flow === 'sell' ? (
          <>
            {assetPicker('You sell', 'Choose an asset')}
            {amountField(asset?.ticker ?? '', 'Amount to sell')}
            {fiatSelect('Paid out in')}
          </>
        ) : null}
        {flow === 'swap' ? (
          <>
            {assetPicker('You send', 'Asset you send')}
            {amountField(asset?.ticker ?? '', 'Amount to send')}
            <Picker
              label="You receive"
              title="Asset you receive"
              searchLabel="Search assets"
              value={order.quoteCryptoCurrencyCode}
              options={assets.filter((option) => option.value !== order.cryptoCurrencyCode)}
              onChange={(code) => update({ quoteCryptoCurrencyCode: code })}
              locked={isLocked('quoteCurrencyCode')}
            />
          </>
        ) : null}

        <div aria-live="polite">
          {quote.quote ? (
            <QuoteSummary flow={flow} quote={quote.quote} receivedAt={quote.receivedAt} loading={quote.loading} />
          ) : quote.loading ? (
            <div className="rounded-2xl border border-line p-4">
              <Spinner label="Getting the best price…" />
            </div>
          ) : null}
          {quoteError ? <Notice title="No price for this">{quoteError.message}</Notice> : null}
        </div>
      </div>
      <StepActions>
        <Button type="submit" disabled={!quote.quote}>
          Continue
        </Button>
      </StepActions>
    </StepForm>
  );
}
