import { useQuery, useReactiveVar } from '@apollo/client/react';
import { AccountDataHeading } from '@/components/layouts/account-data-heading';
import type { TypedDocumentNode } from '@apollo/client';
import { ANALYTICS_COMPARISON_LABEL, ANALYTICS_PRODUCT_LABEL, ANALYTICS_TYPE_LABEL, type AnalyticsType } from '@rampart/shared/analytics';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCalendarDate } from '@/lib/format';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import {
  AnalyticsConversionQuery,
  AnalyticsCustomersQuery,
  AnalyticsFailuresQuery,
  AnalyticsGeographyQuery,
  AnalyticsLookerQuery,
  AnalyticsMeQuery,
  AnalyticsPaymentMethodsQuery,
  AnalyticsVolumeQuery,
} from '@/features/analytics/api/analytics';
import { AnalyticsControls } from '@/features/analytics/components/analytics-controls';
import { ConversionTab } from '@/features/analytics/components/conversion-tab';
import { CustomersTab } from '@/features/analytics/components/customers-tab';
import { FailuresTab } from '@/features/analytics/components/failures-tab';
import { GeographyTab } from '@/features/analytics/components/geography-tab';
import { PaymentMethodsTab } from '@/features/analytics/components/payment-methods-tab';
import { VolumeTab } from '@/features/analytics/components/volume-tab';
import { EmptyState } from '@/features/analytics/components/chart-parts';
import { analyticsSearchParams, dayOf, parseAnalyticsParams, resolveRange, type AnalyticsTab } from '@/features/analytics/lib/search-params';
import type { Analytics_VolumeQuery, AnalyticsComparison, AnalyticsProduct, DashboardCurrency } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';
import { oneOf, REPORT_CURRENCIES, type ReportCurrency } from '@/lib/url-choices';

const TAB_LABEL: Record<AnalyticsTab, string> = {
  volume: 'Volume',
  conversion: 'Conversion',
  customers: 'Customers',
  geography: 'Geography',
  paymentMethods: 'Payment methods',
  failures: 'Failures',
  looker: 'Looker',
};
const DATA_TABS = ['volume', 'conversion', 'customers', 'geography', 'paymentMethods', 'failures'] as const;

interface Variables {
  accountId: string;
  liveMode: boolean;
  from: string;
  to: string;
  product: AnalyticsProduct;
  comparison: AnalyticsComparison;
  currencyCode: DashboardCurrency;
}

const SKIPPED: Variables = { accountId: '', liveMode: false, from: '', to: '', product: 'all', comparison: 'none', currencyCode: 'usd' };

interface Header {
  from: string;
  to: string;
  previousFrom?: string | null;
  previousTo?: string | null;
  currencyCode: string;
}

/**
 * One tab's query. Not cached: the tabs ask for different fields of the same `analytics(...)` object, which has no
 * id to merge on; a tab's answer is small and each one reads its own rollups.
 */
function TabData<T extends { analytics: Header }>({
  query,
  variables,
  label,
  testMode,
  children,
}: {
  query: TypedDocumentNode<T, Variables>;
  variables: Variables | null;
  label: string;
  testMode: boolean;
  children: (data: T['analytics']) => ReactNode;
}) {
  const { data, previousData, loading, error } = useQuery(query, { variables: variables ?? SKIPPED, skip: !variables, fetchPolicy: 'no-cache' });
  const shown = (data ?? previousData)?.analytics;
  return (
    <section aria-label={label} aria-busy={loading} className="flex min-w-0 flex-col gap-4">
      {error ? <QueryErrorAlert title={`Could not load ${label.toLowerCase()}`} error={error} /> : null}
      {shown ? (
        <>
          <p data-testid="analytics-range" className="text-xs text-muted-foreground">
            {formatCalendarDate(shown.from)} – {formatCalendarDate(shown.to)} (UTC days)
            {shown.previousFrom ? ` compared with ${formatCalendarDate(shown.previousFrom)} – ${formatCalendarDate(shown.previousTo)}` : ', no comparison'},
            amounts in {shown.currencyCode.toUpperCase()}
            {testMode ? ', test data' : ''}.
          </p>
          {children(shown)}
        </>
      ) : loading || !variables ? (
        <div className="flex flex-col gap-3" aria-label="Loading">
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : null}
    </section>
  );
}

function VolumeReport({ data, testMode }: { data: Analytics_VolumeQuery['analytics']; testMode: boolean }) {
  return data.volume.current.transactionCount === 0 && data.volume.series.every((point) => point.transactionCount === 0) ? (
    <EmptyState
      title="No transactions in this range"
      description={`Volume, transactions, fees and the average order over time, compared with an earlier period, appear here once customers transact. ${testMode ? 'Create a test transaction on an Integrate screen to see them now.' : 'Switch on test mode to try it with test transactions first, or choose a longer range.'}`}
    />
  ) : (
    <VolumeTab data={data} />
  );
}

function LookerPanel({ accountId }: { accountId: string }) {
  const [type, setType] = useState<AnalyticsType>('volume');
  const { data, loading, error } = useQuery(AnalyticsLookerQuery, { variables: { accountId, analyticsType: type }, fetchPolicy: 'no-cache' });
  const url = data?.lookerEmbedUrl ?? null;
  return (
    <section aria-label="Looker" className="flex flex-col gap-3">
      <div role="group" aria-label="Looker dashboard" className="flex flex-wrap gap-1">
        {(['volume', 'conversion', 'customers', 'geography', 'paymentMethods', 'failures'] as const).map((choice) => (
          <Button key={choice} size="sm" variant={choice === type ? 'default' : 'outline'} aria-pressed={choice === type} onClick={() => setType(choice)}>
            {ANALYTICS_TYPE_LABEL[choice]}
          </Button>
        ))}
      </div>
      {error ? <ErrorAlert title="Could not open Looker" message={describeApiError(error).message} /> : null}
      {url ? (
        <iframe title={`Looker: ${ANALYTICS_TYPE_LABEL[type]}`} src={url} className="h-[70vh] min-h-96 w-full rounded-xl border bg-card" />
      ) : loading ? (
        <Skeleton className="h-[70vh] min-h-96" />
      ) : (
        <EmptyState
          title="No Looker dashboard for this report"
          description="Your Looker administrator can add one for this report; the others stay available above."
        />
      )}
    </section>
  );
}

/** /analytics — product, range, comparison and currency in the URL; one tab of figures at a time. */
export function AnalyticsScreen() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const [params, setParams] = useSearchParams();
  const state = parseAnalyticsParams(params);
  const me = useQuery(AnalyticsMeQuery);
  const preferred = me.data?.me.preferredCurrencyCode;
  const currency: ReportCurrency | null = state.currency ?? oneOf(REPORT_CURRENCIES, preferred) ?? (me.data || me.error ? 'usd' : null);
  const today = dayOf(new Date());
  // `state` is parsed anew each render: the range depends on its three fields, not on the object.
  const { range: rangeName, from, to } = state;
  const range = useMemo(() => resolveRange({ range: rangeName, from, to }, today), [rangeName, from, to, today]);
  const looker = useQuery(AnalyticsLookerQuery, {
    variables: { accountId: accountId ?? '', analyticsType: 'volume' },
    skip: !accountId,
    fetchPolicy: 'no-cache',
  });
  const hasLooker = Boolean(looker.data?.lookerEmbedUrl);

  useDocumentTitle('Analytics · Rampart');

  const variables: Variables | null =
    accountId && currency
      ? { accountId, liveMode: !testMode, from: range.from, to: range.to, product: state.product, comparison: state.comparison, currencyCode: currency }
      : null;
  const tab = state.tab === 'looker' && !hasLooker ? 'volume' : state.tab;
  const update = (next: typeof state) => setParams(analyticsSearchParams(next));
  // A report's tab: its query runs only while the tab is shown.
  const dataTab = <T extends { analytics: Header }>(
    value: (typeof DATA_TABS)[number],
    query: TypedDocumentNode<T, Variables>,
    Report: ComponentType<{ data: T['analytics']; testMode: boolean }>,
  ) => (
    <TabsContent value={value}>
      <TabData query={query} variables={tab === value ? variables : null} label={TAB_LABEL[value]} testMode={testMode}>
        {(data) => <Report data={data} testMode={testMode} />}
      </TabData>
    </TabsContent>
  );

  return (
    <PageLayout>
      <AccountDataHeading
        title="Analytics"
        description={
          <>
            {ANALYTICS_PRODUCT_LABEL[state.product]}: volume, conversion, customers and failures over time,{' '}
            {ANALYTICS_COMPARISON_LABEL[state.comparison].toLowerCase()}
            {state.comparison === 'none' ? '' : ' for comparison'}.
          </>
        }
      />
      <AnalyticsControls state={state} currency={currency ?? 'usd'} range={range} onChange={update} />
      <Tabs value={tab} onValueChange={(value) => update({ ...state, tab: value as AnalyticsTab })} className="flex min-w-0 flex-col gap-4">
        <TabsList aria-label="Reports">
          {[...DATA_TABS, ...(hasLooker ? (['looker'] as const) : [])].map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABEL[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {dataTab('volume', AnalyticsVolumeQuery, VolumeReport)}
        {dataTab('conversion', AnalyticsConversionQuery, ConversionTab)}
        {dataTab('customers', AnalyticsCustomersQuery, CustomersTab)}
        {dataTab('geography', AnalyticsGeographyQuery, GeographyTab)}
        {dataTab('paymentMethods', AnalyticsPaymentMethodsQuery, PaymentMethodsTab)}
        {dataTab('failures', AnalyticsFailuresQuery, FailuresTab)}
        {hasLooker && accountId ? (
          <TabsContent value="looker">
            <LookerPanel accountId={accountId} />
          </TabsContent>
        ) : null}
      </Tabs>
    </PageLayout>
  );
}
