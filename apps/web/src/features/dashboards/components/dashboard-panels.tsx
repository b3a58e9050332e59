import { useId, useState, type ReactNode } from 'react';
import { ChangeFigure } from '@/components/charts/change-figure';
import { axisMoney, CHART, TooltipBox, type TooltipLine } from '@/components/charts/chart-parts';
import { AreaTimeChart, BarsTimeChart, Donut, HorizontalBars } from '@/components/charts/svg-charts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ChartDataTable, ChartTableToggle } from '@/components/charts/chart-data-table';
import type { Dashboards_DataFragment } from '@/gql/graphql';
import { formatAmount, formatCalendarDate, formatCount, formatCountry, formatPercent } from '@/lib/format';
import { labelOfAsset, labelOfPaymentMethod, labelOfStatus } from '@/lib/labels';
import { formatShare, niceTicks } from '@/lib/chart-scale';
import type { TransactionKind } from '@rampart/shared/transactions';
import { cn } from '@/lib/utils';

// Presentational: KPI cards and charts of one DashboardData. Colours come from the --chart-N tokens only.
// Every chart has its figures on hover and a table view (a toggle, for screen readers and for copying numbers).
// The charts are plain SVG (components/charts/svg-charts.tsx), not Recharts: this is the first screen after sign-in.

const KIND_OF: Record<string, TransactionKind> = { buy: 'buy', sell: 'sell', swap: 'swap', deposit: 'balance', withdrawal: 'balance' };

export function KpiCards({ data }: { data: Dashboards_DataFragment }) {
  const c = data.currencyCode;
  const kpis: Array<[string, string, number | null | undefined]> = [
    ['Volume', formatAmount(data.current.volume, c), data.changes.volume],
    ['Transactions', formatCount(data.current.transactionCount), data.changes.transactionCount],
    ['Completion rate', formatPercent(data.current.completionRate), data.changes.completionRate],
    ['Fees earned', formatAmount(data.current.feesEarned, c), data.changes.feesEarned],
    ['Average order', formatAmount(data.current.averageOrder, c), data.changes.averageOrder],
    [`Unique customers${data.current.isUniqueCustomersEstimate ? ' (est.)' : ''}`, formatCount(data.current.uniqueCustomers), data.changes.uniqueCustomers],
  ];
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {kpis.map(([label, value, change]) => (
        <li key={label} aria-label={label}>
          <Card className="h-full gap-1 py-4">
            <CardHeader className="px-4">
              <CardTitle className="text-xs font-normal text-muted-foreground">{label}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 px-4">
              <div data-testid="kpi-value" className="truncate text-base font-semibold tabular-nums min-[400px]:text-lg md:text-xl xl:text-lg" title={value}>
                {value}
              </div>
              <ChangeFigure value={change} versus="vs previous" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

interface TableView {
  columns: string[];
  rows: string[][];
}

/** A chart with a "View as table" toggle; the table shows the same figures the tooltips do. */
function ChartCard({ title, className, table, children }: { title: string; className?: string; table: TableView; children: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <Card className={cn('min-w-0 gap-3 py-4', className)}>
      <CardHeader className="flex-row items-center justify-between gap-2 px-4">
        <CardTitle id={id} className="text-sm">
          {title}
        </CardTitle>
        <ChartTableToggle className="-my-1" asTable={asTable} onToggle={() => setAsTable((value) => !value)} />
      </CardHeader>
      {asTable ? (
        <CardContent className="max-h-64 overflow-y-auto px-2">
          <ChartDataTable title={title} columns={table.columns} rows={table.rows} />
        </CardContent>
      ) : (
        <CardContent role="figure" aria-labelledby={id} className="h-64 px-2">
          {children}
        </CardContent>
      )}
    </Card>
  );
}

function Breakdown({
  title,
  rows,
  currency,
  label,
}: {
  title: string;
  rows: Dashboards_DataFragment['paymentMethods'];
  currency: string;
  label: (value: string) => string;
}) {
  const data = rows
    .slice(0, 8)
    .map((row) => ({ name: label(row.value), volume: Number(row.volume), amount: row.volume, share: row.share, count: row.transactionCount }));
  return (
    <ChartCard
      title={title}
      table={{
        columns: [title, 'Volume', 'Share', 'Transactions'],
        rows: rows.map((row) => [label(row.value), formatAmount(row.volume, currency), formatShare(row.share), formatCount(row.transactionCount)]),
      }}
    >
      {data.length === 0 ? (
        <p className="flex h-full items-center justify-center text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <HorizontalBars
          data={data}
          tooltip={(row) => (
            <TooltipBox
              heading={row.name}
              lines={[
                { label: 'Volume', value: formatAmount(row.amount, currency) },
                { label: 'Share', value: formatShare(row.share) },
                { label: 'Transactions', value: formatCount(row.count) },
              ]}
            />
          )}
        />
      )}
    </ChartCard>
  );
}

/** The status donut with each status's count and share beside it (the legend is the figures, not just colours). */
function StatusChart({ data }: { data: Dashboards_DataFragment }) {
  const kind = KIND_OF[data.kind] ?? null;
  const total = data.statuses.reduce((sum, row) => sum + row.transactionCount, 0);
  const statuses = [...data.statuses]
    .sort((a, b) => b.transactionCount - a.transactionCount)
    .map((row, index) => ({
      name: labelOfStatus(kind, row.status),
      value: row.transactionCount,
      share: total ? row.transactionCount / total : 0,
      color: CHART[index % CHART.length]!,
    }));
  const tooltip = (row: (typeof statuses)[number]) => (
    <TooltipBox
      heading={row.name}
      lines={[
        { label: 'Transactions', value: formatCount(row.value) },
        { label: 'Share', value: formatShare(row.share) },
      ]}
    />
  );
  return (
    <ChartCard
      title="Statuses"
      table={{ columns: ['Status', 'Transactions', 'Share'], rows: statuses.map((row) => [row.name, formatCount(row.value), formatShare(row.share)]) }}
    >
      {statuses.length === 0 ? (
        <p className="flex h-full items-center justify-center text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <div className="@container h-full">
          <div className="flex h-full flex-col items-stretch gap-2 @sm:flex-row @sm:items-center @sm:gap-3">
            <div className="relative h-28 shrink-0 @sm:h-full @sm:w-2/5">
              <Donut data={statuses} tooltip={tooltip} />
              <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center">
                <span className="text-base font-semibold tabular-nums">{formatCount(total, { compact: total >= 10_000 })}</span>
                <span className="text-[0.65rem] text-muted-foreground">total</span>
              </div>
            </div>
            <ul aria-label="Statuses with counts" className="flex min-h-0 min-w-0 flex-1 flex-col gap-1.5 overflow-y-auto px-2 text-xs">
              {statuses.map((row) => (
                <li key={row.name} className="flex items-center gap-2">
                  <span className="size-2.5 shrink-0 rounded-sm" style={{ background: row.color }} aria-hidden />
                  <span className="min-w-0 flex-1 truncate" title={row.name}>
                    {row.name}
                  </span>
                  <span className="font-medium tabular-nums">{formatCount(row.value)}</span>
                  <span className="w-12 text-right text-muted-foreground tabular-nums">{formatShare(row.share)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </ChartCard>
  );
}

/** Whether the range has nothing to chart: then one empty state says what will appear and how to get there. */
export function isEmptyDashboard(data: Dashboards_DataFragment): boolean {
  return data.current.transactionCount === 0 && data.series.every((point) => point.transactionCount === 0 && Number(point.volume) === 0);
}

export function DashboardCharts({ data, empty }: { data: Dashboards_DataFragment; empty?: ReactNode }) {
  const c = data.currencyCode;
  if (isEmptyDashboard(data) && empty) return <>{empty}</>;
  const series = data.series.map((point) => ({
    date: point.date,
    label: formatCalendarDate(point.date),
    volume: Number(point.volume),
    amount: point.volume,
    transactions: point.transactionCount,
    completed: point.completedCount,
  }));
  const volumeTicks = niceTicks(Math.max(0, ...series.map((point) => point.volume)), false);
  const countTicks = niceTicks(Math.max(0, ...series.map((point) => point.transactions)), true);
  const bucketWord = data.bucket === 'day' ? 'Day' : data.bucket === 'week' ? 'Week of' : data.bucket === 'month' ? 'Month of' : 'Period';

  type Point = (typeof series)[number];
  const box = (lines: (point: Point) => TooltipLine[]) => (point: Point) => <TooltipBox heading={point.label} lines={lines(point)} />;
  const volumeTooltip = box((point) => [
    { label: 'Volume', value: formatAmount(point.amount, c), color: 'var(--chart-1)' },
    { label: 'Transactions', value: formatCount(point.transactions) },
  ]);
  const countTooltip = box((point) => [
    { label: 'All', value: formatCount(point.transactions), color: 'var(--chart-1)' },
    { label: 'Completed', value: formatCount(point.completed), color: 'var(--chart-2)' },
    { label: 'Completion', value: point.transactions ? formatShare(point.completed / point.transactions) : '—' },
  ]);

  return (
    <div className="grid min-w-0 grid-flow-row-dense gap-3 md:grid-cols-2 lg:grid-cols-6">
      <ChartCard
        title={`Volume by ${data.bucket} (${formatCalendarDate(data.from)} – ${formatCalendarDate(data.to)}, UTC)`}
        className="md:col-span-2 lg:col-span-4"
        table={{
          columns: [bucketWord, 'Volume', 'Transactions'],
          rows: series.map((point) => [point.label, formatAmount(point.amount, c), formatCount(point.transactions)]),
        }}
      >
        <AreaTimeChart
          points={series}
          label={(point) => point.label}
          series={{ name: 'Volume', value: (point) => point.volume, color: 'var(--chart-1)' }}
          ticks={volumeTicks}
          tickLabel={(value) => axisMoney(value, c)}
          axisWidth={60}
          tooltip={volumeTooltip}
        />
      </ChartCard>
      <div className="min-w-0 lg:col-span-2 [&>*]:h-full">
        <StatusChart data={data} />
      </div>
      <ChartCard
        title="Transactions (all vs completed)"
        className="md:col-span-2 lg:col-span-4"
        table={{
          columns: [bucketWord, 'All', 'Completed'],
          rows: series.map((point) => [point.label, formatCount(point.transactions), formatCount(point.completed)]),
        }}
      >
        <BarsTimeChart
          points={series}
          label={(point) => point.label}
          series={[
            { name: 'All', value: (point) => point.transactions, color: 'var(--chart-1)' },
            { name: 'Completed', value: (point) => point.completed, color: 'var(--chart-2)' },
          ]}
          ticks={countTicks}
          tickLabel={(value) => formatCount(value, { compact: true })}
          axisWidth={40}
          tooltip={countTooltip}
        />
      </ChartCard>
      <div className="min-w-0 lg:col-span-2 [&>*]:h-full">
        <Breakdown title="Top currencies" rows={data.topCurrencies} currency={c} label={(value) => labelOfAsset(value)} />
      </div>
      <div className="min-w-0 lg:col-span-3 [&>*]:h-full">
        <Breakdown title="Payment methods" rows={data.paymentMethods} currency={c} label={labelOfPaymentMethod} />
      </div>
      <div className="min-w-0 lg:col-span-3 [&>*]:h-full">
        <Breakdown title="Countries" rows={data.countries} currency={c} label={(value) => formatCountry(value)} />
      </div>
    </div>
  );
}

export { ChartEmptyState as DashboardEmptyState } from '@/components/chart-empty-state';
