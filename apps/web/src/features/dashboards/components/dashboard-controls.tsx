import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CurrencyToggle } from '@/components/currency-toggle';
import { REPORT_CURRENCIES } from '@/lib/url-choices';
import { DASHBOARD_RANGES, type DashboardParams } from '@/features/dashboards/lib/search-params';

// The custom range's form (react-hook-form and its zod rules) loads when it is opened, not with the dashboard.
const CustomRangeForm = lazy(() => import('@/features/dashboards/components/custom-range-form'));

const RANGE_LABEL: Record<(typeof DASHBOARD_RANGES)[number], string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  custom: 'Custom',
};

/** Range picker (day, week, month, quarter, year, custom dates) and currency switch. */
export function DashboardControls({ state, onChange }: { state: DashboardParams; onChange: (next: DashboardParams) => void }) {
  const [customOpen, setCustomOpen] = useState(false);
  const showCustom = state.range === 'custom' || customOpen;

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
        <Suspense fallback={<div className="h-9" aria-hidden />}>
          <CustomRangeForm state={state} onChange={onChange} />
        </Suspense>
      ) : null}
    </div>
  );
}
