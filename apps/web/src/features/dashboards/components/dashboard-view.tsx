import { useQuery, useReactiveVar } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import type { Dashboards_DataFragment, Dashboards_OnRampQueryVariables } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { DashboardsDepositsQuery, DashboardsOffRampQuery, DashboardsOnRampQuery, DashboardsSwapsQuery, DashboardsWithdrawalsQuery } from '@/features/dashboards/api/dashboards';
import { DashboardControls } from '@/features/dashboards/components/dashboard-controls';
import { DashboardCharts, KpiCards } from '@/features/dashboards/components/dashboard-panels';
import { dashboardSearchParams, dashboardVariables, parseDashboardParams } from '@/features/dashboards/lib/search-params';

export type DashboardKind = 'onRamp' | 'offRamp' | 'swaps' | 'deposits' | 'withdrawals';

/** One query per kind; only the selected one runs. */
function useDashboardData(kind: DashboardKind, variables: Dashboards_OnRampQueryVariables, skip: boolean) {
  // The five queries take the same variables.
  const options = { variables };
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
  return { data: (pick.data ?? null) as Dashboards_DataFragment | null, loading: pick.result.loading, error: pick.result.error };
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
      {error ? <ErrorAlert title="Could not load the dashboard" message={describeApiError(error).message} /> : null}
      {data ? (
        <>
          <p className="text-xs text-muted-foreground">
            {data.from} – {data.to} (UTC days) compared with {data.previousFrom} – {data.previousTo}, amounts in {data.currencyCode.toUpperCase()}
            {testMode ? ', test data' : ''}.
          </p>
          <KpiCards data={data} />
          <DashboardCharts data={data} />
        </>
      ) : loading || !accountId ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-24" />)}
          <Skeleton className="col-span-full h-64" />
        </div>
      ) : null}
    </section>
  );
}
