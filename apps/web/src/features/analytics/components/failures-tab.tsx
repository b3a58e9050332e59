import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Analytics_FailuresQuery } from '@/gql/graphql';
import { formatAmount, formatCount, formatPercent } from '@/lib/format';
import { labelOfFailureReason } from '@/lib/labels';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { ANIMATE, AXIS, CHART, CURSOR, GRID, linesTooltip } from '@/components/charts/chart-parts';
import { EmptyState, KpiCards } from '@/features/analytics/components/chart-parts';
import { bucketLabel } from '@/features/analytics/components/volume-tab';
import { formatChange, formatShare, niceTicks, rawRatio } from '@/features/analytics/lib/figures';

type Data = Analytics_FailuresQuery['analytics'];

export const reasonLabel = (reason: string) => (reason === 'unknown' ? 'Unknown reason' : labelOfFailureReason(reason));
const change = (now: number, before: number) => (before > 0 ? now / before - 1 : null);
const TREND_REASONS = 5;

export function FailuresTab({ data }: { data: Data }) {
  const f = data.failures;
  const compared = data.comparison !== 'none';
  if (f.failedCount === 0 && f.reasons.length === 0) {
    return (
      <EmptyState
        title="No failed transactions in this range"
        description="When a transaction fails, its reason (declined card, expired quote, compliance and so on) is ranked here with its trend, so you can see what to fix first."
      />
    );
  }
  const reasons = f.reasons.map((reason) => ({ ...reason, name: reasonLabel(reason.reason) }));
  const shown = reasons.slice(0, TREND_REASONS);
  const trend: Record<string, string | number>[] = f.dates.map((date, index) => ({
    label: bucketLabel(date, data.bucket),
    date,
    ...Object.fromEntries(shown.map((reason) => [reason.reason, reason.trend[index] ?? 0])),
  }));
  const ticks = niceTicks(Math.max(0, ...shown.flatMap((reason) => reason.trend)), true);

  return (
    <div className="flex flex-col gap-4">
      <KpiCards
        compared={compared}
        label="Failure figures"
        kpis={[
          { label: 'Failed transactions', value: formatCount(f.failedCount), change: change(f.failedCount, f.previousFailedCount), inverse: true },
          { label: 'Failure rate', value: formatPercent(f.failureRate), change: change(f.failureRate, f.previousFailureRate), inverse: true },
          { label: 'Top reason', value: reasons[0]?.name ?? '—', change: reasons[0]?.change, inverse: true },
        ]}
      />
      <div className="grid min-w-0 gap-3 xl:grid-cols-2">
        <ChartCard
          title="Failure reasons"
          description="Ranked by the number of failed transactions."
          bodyClassName="h-72"
          bodyStyle={{ height: Math.max(288, reasons.length * 26 + 16) }}
          table={{
            columns: ['Reason', 'Failed', 'Share', ...(compared ? ['Compared', 'Change'] : []), 'Failed volume'],
            rows: reasons.map((reason) => [
              reason.name,
              formatCount(reason.count),
              formatShare(reason.share),
              ...(compared ? [formatCount(reason.previousCount), formatChange(reason.change)] : []),
              formatAmount(reason.volume, data.currencyCode),
            ]),
            raw: reasons.map((reason) => [
              reason.name,
              String(reason.count),
              rawRatio(reason.share),
              ...(compared ? [String(reason.previousCount), rawRatio(reason.change)] : []),
              reason.volume,
            ]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart layout="vertical" data={reasons} margin={{ left: 4, right: 12 }}>
              <XAxis type="number" hide domain={[0, 'dataMax']} />
              <YAxis
                type="category"
                dataKey="name"
                width={180}
                {...AXIS}
                tickFormatter={(name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name)}
              />
              <Tooltip
                cursor={CURSOR}
                content={linesTooltip<(typeof reasons)[number]>(
                  (reason) => reason.name,
                  (reason) => [
                    { label: 'Failed', value: formatCount(reason.count) },
                    { label: 'Share', value: formatShare(reason.share) },
                    ...(compared ? [{ label: 'Change', value: formatChange(reason.change) }] : []),
                    { label: 'Failed volume', value: formatAmount(reason.volume, data.currencyCode) },
                  ],
                )}
              />
              <Bar dataKey="count" radius={[0, 4, 4, 0]} isAnimationActive={ANIMATE} maxBarSize={24}>
                {reasons.map((reason, index) => (
                  <Cell key={reason.reason} fill={CHART[index % CHART.length]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </ChartCard>
        <ChartCard
          title={`Top reasons by ${data.bucket}`}
          description={reasons.length > TREND_REASONS ? `The ${TREND_REASONS} most frequent reasons.` : undefined}
          bodyClassName="h-72"
          table={{
            columns: [data.bucket === 'month' ? 'Month' : 'Day', ...shown.map((reason) => reason.name)],
            rows: trend.map((point) => [String(point['label']), ...shown.map((reason) => formatCount(Number(point[reason.reason])))]),
            raw: trend.map((point) => [String(point['date']), ...shown.map((reason) => String(point[reason.reason]))]),
          }}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={trend} margin={{ left: 4, right: 8, top: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...AXIS} width={40} allowDecimals={false} domain={[0, ticks.at(-1)!]} ticks={ticks} />
              <Tooltip
                cursor={{ stroke: 'var(--border)' }}
                content={linesTooltip<(typeof trend)[number]>(
                  (point) => String(point['label']),
                  (point) =>
                    shown.map((reason, index) => ({
                      label: reason.name,
                      value: formatCount(Number(point[reason.reason])),
                      color: CHART[index % CHART.length],
                    })),
                )}
              />
              <Legend itemSorter={() => 0} iconSize={8} iconType="plainline" wrapperStyle={{ fontSize: 11 }} />
              {shown.map((reason, index) => (
                <Line
                  key={reason.reason}
                  isAnimationActive={ANIMATE}
                  dataKey={reason.reason}
                  name={reason.name}
                  type="linear"
                  stroke={CHART[index % CHART.length]}
                  strokeWidth={2}
                  dot={trend.length < 3 ? { r: 3 } : false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </ChartCard>
      </div>
    </div>
  );
}
