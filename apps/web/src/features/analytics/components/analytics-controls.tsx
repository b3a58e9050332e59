import { ANALYTICS_COMPARISON_LABEL, ANALYTICS_COMPARISONS, ANALYTICS_PRODUCT_LABEL, ANALYTICS_PRODUCTS } from '@rampart/shared/analytics';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CurrencyToggle } from '@/components/currency-toggle';
import { ReportDateField, ReportSelect } from '@/components/report-controls';
import { REPORT_CURRENCIES, type ReportCurrency } from '@/lib/url-choices';
import { ANALYTICS_RANGE_LABEL, ANALYTICS_RANGES, customRangeError, type AnalyticsParams } from '@/features/analytics/lib/search-params';

/** Product, range (presets or custom UTC days), comparison and currency; every change goes to the URL. */
export function AnalyticsControls({
  state,
  currency,
  range,
  onChange,
}: {
  state: AnalyticsParams;
  currency: ReportCurrency;
  range: { from: string; to: string };
  onChange: (next: AnalyticsParams) => void;
}) {
  const [customOpen, setCustomOpen] = useState(state.range === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (state.range === 'custom') {
      setFrom(state.from);
      setTo(state.to);
    }
  }, [state.range, state.from, state.to]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(from, to);
    setError(problem);
    if (!problem) onChange({ ...state, range: 'custom', from, to });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
        <ReportSelect
          id="analytics-product"
          label="Product"
          value={state.product}
          options={ANALYTICS_PRODUCTS}
          labelOf={(product) => ANALYTICS_PRODUCT_LABEL[product]}
          onChange={(product) => onChange({ ...state, product })}
          className="min-w-0"
          triggerClassName="w-full lg:w-44"
        />
        <ReportSelect
          id="analytics-range"
          label="Range"
          value={customOpen ? 'custom' : state.range}
          options={ANALYTICS_RANGES}
          labelOf={(choice) => ANALYTICS_RANGE_LABEL[choice]}
          onChange={(next) => {
            if (next === 'custom') {
              setCustomOpen(true);
              setFrom(range.from);
              setTo(range.to);
            } else {
              setCustomOpen(false);
              setError(null);
              onChange({ ...state, range: next, from: '', to: '' });
            }
          }}
          className="min-w-0"
          triggerClassName="w-full lg:w-44"
        />
        <ReportSelect
          id="analytics-comparison"
          label="Compare with"
          value={state.comparison}
          options={ANALYTICS_COMPARISONS}
          labelOf={(comparison) => ANALYTICS_COMPARISON_LABEL[comparison]}
          onChange={(comparison) => onChange({ ...state, comparison })}
          className="min-w-0"
          triggerClassName="w-full lg:w-52"
        />
        <CurrencyToggle
          currencies={REPORT_CURRENCIES}
          value={currency}
          onChange={(code) => onChange({ ...state, currency: code })}
          className="self-end lg:ml-auto"
        />
      </div>
      {customOpen ? (
        <form aria-label="Custom range" className="flex flex-wrap items-end gap-2" onSubmit={apply} noValidate>
          <ReportDateField id="analytics-from" label="From (UTC)" invalid={error !== null} value={from} onChange={(event) => setFrom(event.target.value)} />
          <ReportDateField id="analytics-to" label="To (UTC)" invalid={error !== null} value={to} onChange={(event) => setTo(event.target.value)} />
          <Button type="submit" size="sm" variant="secondary">
            Apply range
          </Button>
          {error ? (
            <p role="alert" className="w-full text-xs text-destructive">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
