import type { Analytics_CustomersQuery } from '@/gql/graphql';
import { formatCount, formatPercent } from '@/lib/format';
import { ChartCard, NothingToChart } from '@/features/analytics/components/chart-card';
import { EmptyState, KpiCards } from '@/features/analytics/components/chart-parts';
import { CountBars } from '@/features/analytics/components/count-bars';
import { formatMonth } from '@/features/analytics/lib/figures';

type Data = Analytics_CustomersQuery['analytics'];
const change = (now: number, before: number) => (before > 0 ? now / before - 1 : null);

export function CustomersTab({ data }: { data: Data }) {
  const customers = data.customers;
  const compared = data.comparison !== 'none';
  if (customers.activeCustomers === 0 && customers.months.every((month) => month.activeCustomers === 0)) {
    return (
      <EmptyState
        title="No customers in this range"
        description="Active, new and returning customers, and how each month's new customers come back, appear here once customers start transactions through your widget or API."
      />
    );
  }
  const estimate = customers.isEstimate ? ' (est.)' : '';
  const months = customers.months.map((month) => ({ ...month, label: formatMonth(month.month) }));
  return (
    <div className="flex flex-col gap-4">
      <KpiCards
        compared={compared}
        label="Customer figures"
        kpis={[
          {
            label: `Active customers${estimate}`,
            value: formatCount(customers.activeCustomers),
            change: change(customers.activeCustomers, customers.previousActiveCustomers),
            note: customers.isEstimate ? 'Estimated from a sketch; new customers are exact.' : undefined,
          },
          { label: 'New customers', value: formatCount(customers.newCustomers), change: change(customers.newCustomers, customers.previousNewCustomers) },
          {
            label: `Returning customers${estimate}`,
            value: formatCount(customers.returningCustomers),
            change: change(customers.returningCustomers, customers.previousReturningCustomers),
          },
        ]}
      />
      <div className="grid min-w-0 gap-3 xl:grid-cols-2">
        <ChartCard
          title="New and returning customers by month"
          description="Whole calendar months the range touches."
          table={{
            columns: ['Month', 'Active', 'New', 'Returning'],
            rows: months.map((month) => [
              month.label,
              formatCount(month.activeCustomers),
              formatCount(month.newCustomers),
              formatCount(month.returningCustomers),
            ]),
            raw: customers.months.map((month) => [
              month.month.slice(0, 7),
              String(month.activeCustomers),
              String(month.newCustomers),
              String(month.returningCustomers),
            ]),
          }}
        >
          <CountBars
            points={months}
            bars={[
              { key: 'newCustomers', name: 'New' },
              { key: 'returningCustomers', name: 'Returning' },
            ]}
            stacked
            minTickGap={16}
            maxBarSize={48}
            moreLines={(month) => [{ label: 'Active', value: formatCount(month.activeCustomers) }]}
          />
        </ChartCard>
        <CohortChart cohorts={customers.cohorts} />
      </div>
    </div>
  );
}

type Cohort = Data['customers']['cohorts'][number];

/** The cohort heat-map, drawn as SVG (so it saves as a PNG like the charts): a row per cohort, a column per month after. */
function CohortChart({ cohorts }: { cohorts: Cohort[] }) {
  const width = Math.max(0, ...cohorts.map((cohort) => cohort.retained.length));
  const columns = ['Cohort', 'Customers', ...Array.from({ length: width }, (_, index) => `Month ${index}`)];
  const rate = (cohort: Cohort, index: number) => (cohort.size > 0 && cohort.retained[index] !== undefined ? cohort.retained[index] / cohort.size : null);
  const labelWidth = 84;
  const sizeWidth = 56;
  const cell = 44;
  const row = 30;
  const svgWidth = labelWidth + sizeWidth + width * cell;
  const svgHeight = 20 + cohorts.length * row;
  return (
    <ChartCard
      title="Cohort retention"
      description="Share of each month's new customers active again in the months after (month 0 is the first)."
      bodyClassName="min-h-24"
      table={{
        columns,
        rows: cohorts.map((cohort) => [
          formatMonth(cohort.cohortMonth),
          formatCount(cohort.size),
          ...Array.from({ length: width }, (_, index) =>
            rate(cohort, index) === null ? '' : `${formatPercent(rate(cohort, index))} (${formatCount(cohort.retained[index])})`,
          ),
        ]),
        raw: cohorts.map((cohort) => [
          cohort.cohortMonth.slice(0, 7),
          String(cohort.size),
          ...Array.from({ length: width }, (_, index) => (cohort.retained[index] === undefined ? '' : String(cohort.retained[index]))),
        ]),
      }}
    >
      {cohorts.length === 0 ? (
        <NothingToChart>Cohorts appear once customers make their first transaction.</NothingToChart>
      ) : (
        <div className="overflow-x-auto">
          <svg
            data-chart="cohorts"
            width={svgWidth}
            height={svgHeight}
            viewBox={`0 0 ${svgWidth} ${svgHeight}`}
            className="font-sans"
            role="img"
            aria-label="Cohort retention heat-map"
          >
            {Array.from({ length: width }, (_, index) => (
              <text
                key={index}
                x={labelWidth + sizeWidth + index * cell + cell / 2}
                y={13}
                textAnchor="middle"
                fontSize={11}
                fill="var(--muted-foreground)"
              >{`M${index}`}</text>
            ))}
            {cohorts.map((cohort, rowIndex) => {
              const y = 20 + rowIndex * row;
              return (
                <g key={cohort.cohortMonth}>
                  <text x={0} y={y + 19} fontSize={12} fill="var(--foreground)">
                    {formatMonth(cohort.cohortMonth)}
                  </text>
                  <text x={labelWidth + sizeWidth - 8} y={y + 19} fontSize={12} textAnchor="end" fill="var(--muted-foreground)">
                    {formatCount(cohort.size)}
                  </text>
                  {cohort.retained.map((_, index) => {
                    const value = rate(cohort, index) ?? 0;
                    return (
                      <g key={index}>
                        <rect
                          x={labelWidth + sizeWidth + index * cell + 1}
                          y={y + 1}
                          width={cell - 2}
                          height={row - 2}
                          rx={3}
                          fill="var(--chart-1)"
                          fillOpacity={0.08 + value * 0.92}
                        />
                        <text
                          x={labelWidth + sizeWidth + index * cell + cell / 2}
                          y={y + 19}
                          fontSize={11}
                          textAnchor="middle"
                          fill={value > 0.55 ? 'var(--primary-foreground)' : 'var(--foreground)'}
                        >
                          {Math.round(value * 100)}
                        </text>
                      </g>
                    );
                  })}
                </g>
              );
            })}
          </svg>
          <p className="mt-1 px-2 text-[0.7rem] text-muted-foreground">Figures are percentages of the cohort.</p>
        </div>
      )}
    </ChartCard>
  );
}
