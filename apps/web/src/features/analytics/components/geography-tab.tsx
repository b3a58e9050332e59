import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Analytics_GeographyQuery } from '@/gql/graphql';
import { formatAmount, formatCount, formatCountry } from '@/lib/format';
import { breakdownTable } from '@/features/analytics/components/breakdown-chart';
import { ChartCard } from '@/features/analytics/components/chart-card';
import { EmptyState } from '@/features/analytics/components/chart-parts';
import { formatChange, formatShare } from '@/features/analytics/lib/figures';

const WorldMap = lazy(() => import('@/features/analytics/components/world-map'));

type Data = Analytics_GeographyQuery['analytics'];

export const countryLabel = (value: string) => (value === 'unknown' ? 'Unknown country' : formatCountry(value));

export function GeographyTab({ data }: { data: Data }) {
  const rows = data.geography.countries;
  const compared = data.comparison !== 'none';
  if (rows.length === 0) {
    return (
      <EmptyState
        title="No transactions in this range"
        description="A map and a ranked list of volume by customer country appear here once customers transact. Customers without a country are listed as unknown."
      />
    );
  }
  const table = breakdownTable('Country', rows, data.currencyCode, compared, countryLabel);
  return (
    <div className="grid min-w-0 items-start gap-3 xl:grid-cols-5">
      <ChartCard
        title="Volume by customer country"
        description="The stronger a country’s colour, the more completed volume it had."
        className="xl:col-span-3"
        table={table}
        bodyClassName="min-h-40"
      >
        <Suspense fallback={<Skeleton className="aspect-[2/1] w-full" />}>
          <WorldMap rows={rows} currency={data.currencyCode} />
        </Suspense>
      </ChartCard>
      <section aria-labelledby="analytics-countries" className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card py-4 xl:col-span-2">
        <h3 id="analytics-countries" className="px-4 text-sm font-semibold">
          Countries ranked by volume
        </h3>
        <div className="max-h-96 overflow-auto px-2">
          <Table>
            <TableCaption className="sr-only">Countries ranked by volume</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Country</TableHead>
                <TableHead className="text-right">Volume</TableHead>
                <TableHead className="text-right">Share</TableHead>
                <TableHead className="hidden text-right sm:table-cell xl:hidden 2xl:table-cell">Transactions</TableHead>
                {compared ? <TableHead className="hidden text-right sm:table-cell">Change</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.value}>
                  <TableCell className="py-1.5">{countryLabel(row.value)}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums whitespace-nowrap">{formatAmount(row.volume, data.currencyCode)}</TableCell>
                  <TableCell className="py-1.5 text-right tabular-nums">{formatShare(row.share)}</TableCell>
                  <TableCell className="hidden py-1.5 text-right tabular-nums sm:table-cell xl:hidden 2xl:table-cell">
                    {formatCount(row.transactionCount)}
                  </TableCell>
                  {compared ? <TableCell className="hidden py-1.5 text-right tabular-nums sm:table-cell">{formatChange(row.volumeChange)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </section>
    </div>
  );
}
