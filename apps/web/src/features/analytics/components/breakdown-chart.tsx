import { BreakdownBars } from '@/components/charts/breakdown-bars';
import type { Analytics_BreakdownFragment } from '@/gql/graphql';
import { formatAmount, formatCount, formatPercent } from '@/lib/format';
import { TooltipBox } from '@/components/charts/chart-parts';
import { ChartCard, NothingToChart } from '@/features/analytics/components/chart-card';
import { formatChange, formatShare, rawRatio } from '@/features/analytics/lib/figures';

type Row = Pick<
  Analytics_BreakdownFragment,
  'value' | 'transactionCount' | 'completedCount' | 'volume' | 'share' | 'completionRate' | 'previousVolume' | 'volumeChange'
>;

/** The rows of a breakdown as the table shows them and as the CSV writes them. */
export function breakdownTable(title: string, rows: Row[], currency: string, compared: boolean, label: (value: string) => string) {
  return {
    columns: [title, 'Volume', 'Share', 'Transactions', 'Completion', ...(compared ? ['Compared volume', 'Change'] : [])],
    rows: rows.map((row) => [
      label(row.value),
      formatAmount(row.volume, currency),
      formatShare(row.share),
      formatCount(row.transactionCount),
      formatPercent(row.completionRate),
      ...(compared ? [formatAmount(row.previousVolume, currency), formatChange(row.volumeChange)] : []),
    ]),
    raw: rows.map((row) => [
      label(row.value),
      row.volume,
      rawRatio(row.share),
      String(row.transactionCount),
      rawRatio(row.completionRate),
      ...(compared ? [row.previousVolume, rawRatio(row.volumeChange)] : []),
    ]),
  };
}

/** Horizontal bars of a breakdown's volume, every row (the card grows with them), as in its table and CSV. */
export function BreakdownChart({
  title,
  rows,
  currency,
  compared,
  label,
  column,
}: {
  title: string;
  rows: Row[];
  currency: string;
  compared: boolean;
  label: (value: string) => string;
  column?: string;
}) {
  const data = rows.map((row) => ({ name: label(row.value), volume: Number(row.volume), row }));
  return (
    <ChartCard
      title={title}
      table={breakdownTable(column ?? title, rows, currency, compared, label)}
      bodyStyle={{ height: Math.max(256, data.length * 30 + 16) }}
    >
      {data.length === 0 ? (
        <NothingToChart />
      ) : (
        <BreakdownBars
          data={data}
          tooltip={(point) => (
            <TooltipBox
              heading={point.name}
              lines={[
                { label: 'Volume', value: formatAmount(point.row.volume, currency) },
                { label: 'Share', value: formatShare(point.row.share) },
                { label: 'Transactions', value: formatCount(point.row.transactionCount) },
                ...(compared ? [{ label: 'Change', value: formatChange(point.row.volumeChange) }] : []),
              ]}
            />
          )}
        />
      )}
    </ChartCard>
  );
}
