// The live price: what the customer pays, the fees as MoonPay and Stripe show them, and what arrives.
import { useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { WidgetFlow, WidgetQuote } from '@rampart/shared/widget';
import { Rows, Spinner } from '../components/ui';
import { formatCrypto, formatDecimal, formatFiat, isZero } from '../lib/decimal';
import { msUntilRefresh, secondsLeft } from '../lib/quote';
import { useWidget } from '../context';

export function QuoteSummary({ flow, quote, receivedAt, loading }: { flow: WidgetFlow; quote: WidgetQuote; receivedAt: number; loading: boolean }) {
  const { currency, bootstrap } = useWidget();
  const asset = currency(quote.cryptoCurrencyCode);
  const received = quote.quoteCryptoCurrencyCode ? currency(quote.quoteCryptoCurrencyCode) : undefined;
  const ticker = asset?.ticker ?? quote.cryptoCurrencyCode;
  const fiat = quote.fiatCurrencyCode;
  const money = (value: string) => formatFiat(value, fiat);

  const rows: { label: string; value: string; strong?: boolean; hint?: string }[] = [];
  if (flow === 'buy') {
    rows.push({ label: `${ticker.toUpperCase()} price`, value: `1 ${ticker.toUpperCase()} = ${money(quote.exchangeRate)}` });
  } else if (flow === 'sell') {
    rows.push({ label: `${ticker.toUpperCase()} price`, value: `1 ${ticker.toUpperCase()} = ${money(quote.exchangeRate)}` });
    rows.push({ label: 'You send', value: formatCrypto(quote.baseCurrencyAmount, ticker, asset?.decimals) });
  } else {
    rows.push({ label: 'You send', value: formatCrypto(quote.baseCurrencyAmount, ticker, asset?.decimals) });
  }
  rows.push({ label: 'Processing fee', value: money(quote.feeAmount), hint: 'Charged by Rampart, the provider' });
  if (!isZero(quote.networkFeeAmount)) rows.push({ label: 'Network fee', value: money(quote.networkFeeAmount), hint: 'Paid to the blockchain' });
  if (!isZero(quote.extraFeeAmount)) rows.push({ label: 'Partner fee', value: money(quote.extraFeeAmount), hint: `Charged by ${bootstrap.account.name}` });
  rows.push({ label: 'Total fees', value: money(quote.totalFeeAmount), strong: true });

  let headline: string;
  if (flow === 'buy') headline = `You get ≈ ${formatCrypto(quote.quoteCurrencyAmount, ticker, asset?.decimals)}`;
  else if (flow === 'sell') headline = `You receive ≈ ${money(quote.quoteCurrencyAmount)}`;
  else headline = `You get ≈ ${formatCrypto(quote.quoteCurrencyAmount, received?.ticker ?? quote.quoteCryptoCurrencyCode ?? '', received?.decimals)}`;

  return (
    <section aria-label="Price" className="rounded-2xl border border-line bg-bg/60 p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="text-lg font-semibold tabular-nums" aria-live="polite" aria-atomic="true">
          {headline}
        </p>
        <RefreshCountdown quote={quote} receivedAt={receivedAt} loading={loading} />
      </div>
      {flow === 'swap' && received ? (
        <p className="mt-1 text-xs text-muted-fg">
          Rate: 1 {ticker.toUpperCase()} ≈ {formatDecimal(quote.exchangeRate, { maxDecimals: 8 })} {received.ticker.toUpperCase()} · fees in{' '}
          {fiat.toUpperCase()}
        </p>
      ) : null}
      <details className="group mt-3">
        <summary className="cursor-pointer text-sm font-medium text-muted-fg select-none hover:text-fg">
          Fees {money(quote.totalFeeAmount)} · see the breakdown
        </summary>
        <Rows rows={rows} className="mt-3" />
        {flow === 'buy' ? (
          <p className="mt-2 text-xs text-muted-fg">The amount you pay includes the fees. The final amount may differ slightly when the price moves.</p>
        ) : null}
      </details>
    </section>
  );
}

function RefreshCountdown({ quote, receivedAt, loading }: { quote: WidgetQuote; receivedAt: number; loading: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (loading) return <Spinner label="Updating" />;
  const seconds = secondsLeft(now + msUntilRefresh(receivedAt, quote.expiresAt, now), now);
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-xs text-muted-fg tabular-nums" title="Prices refresh every 30 seconds">
      <RefreshCw aria-hidden className="size-3" />
      {seconds}s
    </span>
  );
}
