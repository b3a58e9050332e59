import {
  ANALYTICS_COMPARISON_LABEL,
  ANALYTICS_COMPARISONS,
  ANALYTICS_PRODUCT_LABEL,
  ANALYTICS_PRODUCTS,
  type AnalyticsComparison,
  type AnalyticsProduct,
} from '@rampart/shared/analytics';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  ANALYTICS_CURRENCIES,
  ANALYTICS_RANGE_LABEL,
  ANALYTICS_RANGES,
  customRangeError,
  type AnalyticsCurrency,
  type AnalyticsParams,
  type AnalyticsRange,
} from '@/features/analytics/lib/search-params';

/** Product, range (presets or custom UTC days), comparison and currency; every change goes to the URL. */
export function AnalyticsControls({
  state,
  currency,
  range,
  onChange,
}: {
  state: AnalyticsParams;
  currency: AnalyticsCurrency;
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
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="analytics-product" className="text-xs">
            Product
          </Label>
          <Select value={state.product} onValueChange={(value) => onChange({ ...state, product: value as AnalyticsProduct })}>
            <SelectTrigger id="analytics-product" className="h-8 w-full lg:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ANALYTICS_PRODUCTS.map((product) => (
                <SelectItem key={product} value={product}>
                  {ANALYTICS_PRODUCT_LABEL[product]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="analytics-range" className="text-xs">
            Range
          </Label>
          <Select
            value={customOpen ? 'custom' : state.range}
            onValueChange={(value) => {
              const next = value as AnalyticsRange;
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
          >
            <SelectTrigger id="analytics-range" className="h-8 w-full lg:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ANALYTICS_RANGES.map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {ANALYTICS_RANGE_LABEL[choice]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="analytics-comparison" className="text-xs">
            Compare with
          </Label>
          <Select value={state.comparison} onValueChange={(value) => onChange({ ...state, comparison: value as AnalyticsComparison })}>
            <SelectTrigger id="analytics-comparison" className="h-8 w-full lg:w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ANALYTICS_COMPARISONS.map((comparison) => (
                <SelectItem key={comparison} value={comparison}>
                  {ANALYTICS_COMPARISON_LABEL[comparison]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div role="group" aria-label="Currency" className="flex gap-1 self-end lg:ml-auto">
          {ANALYTICS_CURRENCIES.map((code) => (
            <Button
              key={code}
              size="sm"
              variant={code === currency ? 'default' : 'outline'}
              aria-pressed={code === currency}
              onClick={() => onChange({ ...state, currency: code })}
            >
              {code.toUpperCase()}
            </Button>
          ))}
        </div>
      </div>
      {customOpen ? (
        <form aria-label="Custom range" className="flex flex-wrap items-end gap-2" onSubmit={apply} noValidate>
          <div className="flex flex-col gap-1">
            <Label htmlFor="analytics-from" className="text-xs">
              From (UTC)
            </Label>
            <Input
              id="analytics-from"
              type="date"
              className="h-8 w-40"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="analytics-to" className="text-xs">
              To (UTC)
            </Label>
            <Input
              id="analytics-to"
              type="date"
              className="h-8 w-40"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              aria-invalid={error ? true : undefined}
            />
          </div>
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
