import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANIMATE, AXIS, CHART, countAxis, CURSOR, GRID, linesTooltip, type TooltipLine } from '@/components/charts/chart-parts';
import { NothingToChart } from '@/features/analytics/components/chart-card';
import { niceTicks } from '@/features/analytics/lib/figures';
import { formatCount } from '@/lib/format';

type CountKey<Point> = { [K in keyof Point]: Point[K] extends number ? K : never }[keyof Point] & string;

/**
 * Counts per month or day as bars in the chart colours, side by side or stacked, with a legend and a tooltip of the
 * counts (and `moreLines` after them); "Nothing in this range" without points.
 */
export function CountBars<Point extends { label: string }>({
  points,
  bars,
  stacked = false,
  minTickGap,
  maxBarSize,
  moreLines = () => [],
}: {
  points: Point[];
  bars: Array<{ key: CountKey<Point>; name: string }>;
  stacked?: boolean;
  minTickGap: number;
  maxBarSize: number;
  moreLines?: (point: Point) => TooltipLine[];
}) {
  if (points.length === 0) return <NothingToChart />;
  const count = (point: Point, key: CountKey<Point>) => point[key] as number;
  const highest = (point: Point) =>
    stacked ? bars.reduce((sum, bar) => sum + count(point, bar.key), 0) : Math.max(...bars.map((bar) => count(point, bar.key)));
  const ticks = niceTicks(Math.max(0, ...points.map(highest)), true);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points} margin={{ left: 4, right: 8, top: 8 }}>
        <CartesianGrid {...GRID} />
        <XAxis dataKey="label" {...AXIS} minTickGap={minTickGap} />
        <YAxis {...countAxis(ticks)} />
        <Tooltip
          cursor={CURSOR}
          content={linesTooltip<Point>(
            (point) => point.label,
            (point) => [
              ...bars.map((bar, index) => ({ label: bar.name, value: formatCount(count(point, bar.key)), color: CHART[index] })),
              ...moreLines(point),
            ],
          )}
        />
        <Legend itemSorter={() => 0} iconSize={8} iconType="square" wrapperStyle={{ fontSize: 11 }} />
        {bars.map((bar, index) => (
          <Bar
            key={bar.key}
            isAnimationActive={ANIMATE}
            dataKey={bar.key}
            name={bar.name}
            stackId={stacked ? 'stack' : undefined}
            fill={CHART[index]}
            // Stacked, only the top bar has rounded corners.
            radius={!stacked || index === bars.length - 1 ? [3, 3, 0, 0] : undefined}
            maxBarSize={maxBarSize}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
