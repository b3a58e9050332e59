import { useQuery, useReactiveVar } from '@apollo/client/react';
import { FiguresSkeleton } from '@/components/charts/figure-card';
import { PlayIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { rampSectionPath, type RampProductKey } from '@/config/routes';
import type { Dashboards_OnRampQueryVariables } from '@/gql/graphql';
import { formatCalendarDate } from '@/lib/format';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import {
  DashboardsDepositsQuery,
  DashboardsOffRampQuery,
  DashboardsOnRampQuery,
  DashboardsSwapsQuery,
  DashboardsWithdrawalsQuery,
} from '@/features/dashboards/api/dashboards';
import { DashboardControls } from '@/features/dashboards/components/dashboard-controls';
import { DashboardCharts, DashboardEmptyState, KpiCards } from '@/features/dashboards/components/dashboard-panels';
import { dashboardSearchParams, dashboardVariables, parseDashboardParams } from '@/features/dashboards/lib/search-params';
import { QueryErrorAlert } from '@/components/query-boundary';

export type DashboardKind = 'onRamp' | 'offRamp' | 'swaps' | 'deposits' | 'withdrawals';

/** One query per kind; only the selected one runs. */
function useDashboardData(kind: DashboardKind, variables: Dashboards_OnRampQueryVariables, skip: boolean) {
  // The five queries take the same variables. Coming back shows the cached figures and asks again: a purchase made
  // meanwhile (a test one in another tab) counts at once, as it does in Transactions.
  const options = { variables, fetchPolicy: 'cache-and-network' as const };
  const onRamp = useQuery(DashboardsOnRampQuery, { ...options, skip: skip || kind !== 'onRamp' });
  const offRamp = useQuery(DashboardsOffRampQuery, { ...options, skip: skip || kind !== 'offRamp' });
  const swaps = useQuery(DashboardsSwapsQuery, { ...options, skip: skip || kind !== 'swaps' });
  const deposits = useQuery(DashboardsDepositsQuery, { ...options, skip: skip || kind !== 'deposits' });
  const withdrawals = useQuery(DashboardsWithdrawalsQuery, { ...options, skip: skip || kind !== 'withdrawals' });
  const pick = {
    onRamp: { result: onRamp, data: (onRamp.data ?? onRamp.previousData)?.dashboardData },
    offRamp: { result: offRamp, data: (offRamp.data ?? offRamp.previousData)?.sellDashboardData },
    swaps: { result: swaps, data: (swaps.data ?? swaps.previousData)?.swapsDashboardData },
    deposits: { result: deposits, data: (deposits.data ?? deposits.previousData)?.depositDashboardData },
    withdrawals: { result: withdrawals, data: (withdrawals.data ?? withdrawals.previousData)?.withdrawalDashboardData },
  }[kind];
  return { data: pick.data ?? null, loading: pick.result.loading, error: pick.result.error };
}

const EMPTY_COPY: Record<DashboardKind, { what: string; product: RampProductKey | null }> = {
  onRamp: { what: 'purchases of crypto', product: 'OnRamp' },
  offRamp: { what: 'sales of crypto', product: 'OffRamp' },
  swaps: { what: 'swaps', product: 'Swaps' },
  deposits: { what: 'balance deposits', product: null },
  withdrawals: { what: 'balance withdrawals', product: null },
};

/** An empty range: what the charts will show, and (for the ramp products) the way to a first test transaction. */
function EmptyDashboard({ kind, testMode }: { kind: DashboardKind; testMode: boolean }) {
  const copy = EMPTY_COPY[kind];
  const description = copy.product
    ? `Volume over time, statuses, top currencies, payment methods and countries appear here once your customers make ${copy.what} through your widget. ${testMode ? 'Create a test transaction on the Integrate screen to see them now.' : 'Switch on test mode to try it with test transactions first.'}`
    : `Volume over time, statuses and breakdowns appear here once your customers make ${copy.what}.`;
  return (
    <DashboardEmptyState
      title="No transactions in this range"
      description={description}
      action={
        copy.product && testMode ? (
          <Button asChild size="sm">
            <Link to={rampSectionPath(copy.product, 'integrate')}>
              <PlayIcon aria-hidden /> Create a test transaction
            </Link>
          </Button>
        ) : undefined
      }
    />
  );
}

/** Range picker, currency switch, KPI cards and charts of one dashboard; state in the URL, mode from the shell. */
export function DashboardView({ kind }: { kind: DashboardKind }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const [params, setParams] = useSearchParams();
  const state = parseDashboardParams(params);
  const { data, loading, error } = useDashboardData(kind, { accountId: accountId ?? '', liveMode: !testMode, ...dashboardVariables(state) }, !accountId);

  return (
    <section aria-label="Dashboard" aria-busy={loading} className="flex min-w-0 flex-col gap-4">
      <DashboardControls state={state} onChange={(next) => setParams(dashboardSearchParams(next))} />
      {error ? <QueryErrorAlert title="Could not load the dashboard" error={error} /> : null}
      {data ? (
        <>
          <p className="text-xs text-muted-foreground">
            {formatCalendarDate(data.from)} – {formatCalendarDate(data.to)} (UTC days) compared with {formatCalendarDate(data.previousFrom)} –{' '}
            {formatCalendarDate(data.previousTo)}, amounts in {data.currencyCode.toUpperCase()}
            {testMode ? ', test data' : ''}.
          </p>
          <KpiCards data={data} />
          <DashboardCharts data={data} empty={<EmptyDashboard kind={kind} testMode={testMode} />} />
        </>
      ) : loading || !accountId ? (
        <FiguresSkeleton figures={6} className="md:grid-cols-3 xl:grid-cols-6" figureClassName="h-24" />
      ) : null}
    </section>
  );
}
