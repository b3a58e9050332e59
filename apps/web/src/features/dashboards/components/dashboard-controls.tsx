import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CurrencyToggle, ReportDateField } from '@/components/report-controls';
import { REPORT_CURRENCIES } from '@/lib/url-choices';
import { DASHBOARD_RANGES, type DashboardParams } from '@/features/dashboards/lib/search-params';

const RANGE_LABEL: Record<(typeof DASHBOARD_RANGES)[number], string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};

const customSchema = z
  .object({ from: z.iso.date({ message: 'Choose a start date.' }), to: z.iso.date({ message: 'Choose an end date.' }) })
  .refine((values) => values.from <= values.to, { path: ['to'], message: 'The end is before the start.' });
type CustomValues = z.infer<typeof customSchema>;

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgoUtc = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Range picker (day, week, month, quarter, year, custom dates) and currency switch. */
export function DashboardControls({ state, onChange }: { state: DashboardParams; onChange: (next: DashboardParams) => void }) {
  const form = useForm<CustomValues>({
    resolver: zodResolver(customSchema),
    defaultValues: { from: state.from || daysAgoUtc(29), to: state.to || todayUtc() },
  });
  useEffect(() => {
    if (state.range === 'custom') form.reset({ from: state.from, to: state.to });
  }, [state.range, state.from, state.to, form]);
  const [customOpen, setCustomOpen] = useState(false);
  const showCustom = state.range === 'custom' || customOpen;
  const errors = form.formState.errors;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Range" className="flex flex-wrap gap-1">
          {DASHBOARD_RANGES.map((range) => (
            <Button
              key={range}
              size="sm"
              variant={range === state.range || (range === 'custom' && customOpen) ? 'default' : 'outline'}
              aria-pressed={range === state.range}
              onClick={() => {
                // Custom opens the date form; the range changes when it is applied.
                if (range === 'custom') setCustomOpen(true);
                else {
                  setCustomOpen(false);
                  onChange({ ...state, range, from: '', to: '' });
                }
              }}
            >
              {RANGE_LABEL[range]}
            </Button>
          ))}
        </div>
        <CurrencyToggle currencies={REPORT_CURRENCIES} value={state.currency} onChange={(currency) => onChange({ ...state, currency })} className="ml-auto" />
      </div>
      {showCustom ? (
        <form
          aria-label="Custom range"
          className="flex flex-wrap items-end gap-2"
          onSubmit={form.handleSubmit((values) => onChange({ ...state, range: 'custom', ...values }))}
          noValidate
        >
          <ReportDateField id="dashboard-from" label="From (UTC)" invalid={Boolean(errors.from)} {...form.register('from')} />
          <ReportDateField id="dashboard-to" label="To (UTC)" invalid={Boolean(errors.to)} {...form.register('to')} />
          <Button type="submit" size="sm" variant="secondary">
            Apply range
          </Button>
          {errors.from || errors.to ? (
            <p role="alert" className="w-full text-xs text-destructive">
              {errors.from?.message ?? errors.to?.message}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
