import { ANALYTICS_PRODUCT_LABEL, type AnalyticsProduct } from '@rampart/shared/analytics';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics_VolumeQuery } from '@/gql/graphql';
import { formatAmount, formatCalendarDate, formatCount, formatPercent } from '@/lib/format';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { ANIMATE, AXIS, axisMoney, GRID, linesTooltip } from '@/components/charts/chart-parts';
import { KpiCards } from '@/features/analytics/components/chart-parts';
import { BreakdownChart } from '@/features/analytics/components/breakdown-chart';
import { CountBars } from '@/features/analytics/components/count-bars';
import { formatMonth, niceTicks, rawRatio } from '@/features/analytics/lib/figures';

type Data = Analytics_VolumeQuery['analytics'];

export function bucketLabel(date: string, bucket: string) {
  return bucket === 'month' ? formatMonth(date) : formatCalendarDate(date);
}

export function VolumeTab({ data }: { data: Data }) {
  const c = data.currencyCode;
  const v = data.volume;
  const compared = data.comparison !== 'none';
  const bucketWord = data.bucket === 'month' ? 'Month' : 'Day';
  const series = v.series.map((point, index) => {
    const previous = v.previousSeries[index];
    return {
      label: bucketLabel(point.date, data.bucket),
      date: point.date,
      volume: Number(point.volume),
      amount: point.volume,
      previousDate: previous?.date ?? null,
      previous: previous ? Number(previous.volume) : null,
      previousAmount: previous?.volume ?? null,
      transactions: point.transactionCount,
    };
  });
  const ticks = niceTicks(Math.max(0, ...series.flatMap((point) => [point.volume, point.previous ?? 0])), false);
  const showPrevious = compared && v.previousSeries.length > 0;

  const columns = [bucketWord, 'Volume', 'Transactions', ...(showPrevious ? ['Compared period', 'Compared volume'] : [])];
  const table = {
    columns,
    rows: series.map((point) => [
      point.label,
      formatAmount(point.amount, c),
      formatCount(point.transactions),
      ...(showPrevious
        ? [point.previousDate ? bucketLabel(point.previousDate, data.bucket) : '—', point.previousAmount ? formatAmount(point.previousAmount, c) : '—']
        : []),
    ]),
    raw: v.series.map((point, index) => [
      point.date,
      point.volume,
      String(point.transactionCount),
      ...(showPrevious ? [v.previousSeries[index]?.date ?? '', v.previousSeries[index]?.volume ?? ''] : []),
    ]),
  };

  return (
    <div className="flex flex-col gap-4">
      <KpiCards
        compared={compared}
        kpis={[
          { label: 'Volume', value: formatAmount(v.current.volume, c), change: v.changes.volume },
          { label: 'Transactions', value: formatCount(v.current.transactionCount), change: v.changes.transactionCount },
          { label: 'Completion rate', value: formatPercent(v.current.completionRate), change: v.changes.completionRate },
          { label: 'Fees earned', value: formatAmount(v.current.feesEarned, c), change: v.changes.feesEarned },
          { label: 'Average order', value: formatAmount(v.current.averageOrder, c), change: v.changes.averageOrder },
        ]}
      />
      <div className="grid min-w-0 gap-3 lg:grid-cols-5">
        <ChartCard
          title={`Volume by ${data.bucket}`}
          description={showPrevious ? 'The dashed line is the compared period, bucket by bucket.' : undefined}
          className="lg:col-span-3"
          table={table}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={series} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={60} domain={[0, ticks.at(-1)!]} ticks={ticks} tickFormatter={(value: number) => axisMoney(value, c)} />
              <Tooltip
                cursor={{ stroke: 'var(--border)' }}
                content={linesTooltip<(typeof series)[number]>(
                  (point) => point.label,
                  (point) => [
                    { label: 'Volume', value: formatAmount(point.amount, c), color: 'var(--chart-1)' },
                    ...(showPrevious && point.previousDate
                      ? [
                          {
                            label: `Compared (${bucketLabel(point.previousDate, data.bucket)})`,
                            value: formatAmount(point.previousAmount, c),
                            color: 'var(--chart-3)',
                          },
                        ]
                      : []),
                    { label: 'Transactions', value: formatCount(point.transactions) },
                  ],
                )}
              />
              <Legend itemSorter={() => 0} iconSize={8} iconType="plainline" wrapperStyle={{ fontSize: 11 }} />
              <Line
                isAnimationActive={ANIMATE}
                dataKey="volume"
                name="This period"
                type="monotone"
                stroke="var(--chart-1)"
                strokeWidth={2}
                dot={series.length < 3 ? { r: 4 } : false}
              />
              {showPrevious ? (
                <Line
                  isAnimationActive={ANIMATE}
                  dataKey="previous"
                  name="Compared period"
                  type="monotone"
                  stroke="var(--chart-3)"
                  strokeWidth={2}
                  strokeDasharray="5 4"
                  dot={false}
                />
              ) : null}
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
        <div className="min-w-0 lg:col-span-2 [&>*]:h-full">
          <BreakdownChart
            title="Volume by product"
            rows={v.byProduct}
            currency={c}
            compared={compared}
            label={(value) => ANALYTICS_PRODUCT_LABEL[value as AnalyticsProduct] ?? value}
          />
        </div>
      </div>
      <TransactionsChart data={data} />
    </div>
  );
}

function TransactionsChart({ data }: { data: Data }) {
  const series = data.volume.series.map((point) => ({
    label: bucketLabel(point.date, data.bucket),
    transactions: point.transactionCount,
    completed: point.completedCount,
  }));
  return (
    <ChartCard
      title="Transactions (all vs completed)"
      table={{
        columns: [data.bucket === 'month' ? 'Month' : 'Day', 'All', 'Completed', 'Completion'],
        rows: series.map((point) => [
          point.label,
          formatCount(point.transactions),
          formatCount(point.completed),
          point.transactions ? formatPercent(point.completed / point.transactions) : '—',
        ]),
        raw: data.volume.series.map((point) => [
          point.date,
          String(point.transactionCount),
          String(point.completedCount),
          point.transactionCount ? rawRatio(point.completedCount / point.transactionCount) : '',
        ]),
      }}
    >
      <CountBars
        points={series}
        bars={[
          { key: 'transactions', name: 'All' },
          { key: 'completed', name: 'Completed' },
        ]}
        minTickGap={24}
        maxBarSize={40}
      />
    </ChartCard>
  );
}
