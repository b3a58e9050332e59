import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { ReportDateField } from '@/components/report-controls';
import type { DashboardParams } from '@/features/dashboards/lib/search-params';

const customSchema = z
  .object({ from: z.iso.date({ message: 'Choose a start date.' }), to: z.iso.date({ message: 'Choose an end date.' }) })
  .refine((values) => values.from <= values.to, { path: ['to'], message: 'The end is before the start.' });
type CustomValues = z.infer<typeof customSchema>;

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAgoUtc = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The custom range's UTC days; applying it sets the range to custom. */
export default function CustomRangeForm({ state, onChange }: { state: DashboardParams; onChange: (next: DashboardParams) => void }) {
  const form = useForm<CustomValues>({
    resolver: zodResolver(customSchema),
    defaultValues: { from: state.from || daysAgoUtc(29), to: state.to || todayUtc() },
  });
  useEffect(() => {
    if (state.range === 'custom') form.reset({ from: state.from, to: state.to });
  }, [state.range, state.from, state.to, form]);
  const errors = form.formState.errors;
  return (
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
  );
}
