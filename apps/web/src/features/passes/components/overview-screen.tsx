import { useQuery } from '@apollo/client/react';
import { ChartNoAxesColumnIcon, TableIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartEmptyState } from '@/components/chart-empty-state';
import { ChartDataTable } from '@/components/charts/chart-data-table';
import { FilterSelect } from '@/components/filter-select';
import { Button } from '@/components/ui/button';
import { ANIMATE, AXIS, countAxis, GRID, pointTooltip, TooltipBox } from '@/components/charts/chart-parts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PassProjectOverviewQuery } from '@/features/passes/api/passes';
import { ProjectFrame } from '@/features/passes/components/passes-frame';
import { isOverviewRange, OVERVIEW_RANGES, rangeBounds, type OverviewRange } from '@/features/passes/lib/passes';
import { niceTicks } from '@/lib/chart-scale';
import { formatCalendarDate, formatCount } from '@/lib/format';
import { QueryErrorAlert } from '@/components/query-boundary';

const SERIES = [
  { key: 'issued', label: 'Issued', color: 'var(--chart-1)' },
  { key: 'added', label: 'Added to wallets', color: 'var(--chart-2)' },
  { key: 'scanned', label: 'Scanned', color: 'var(--chart-3)' },
  { key: 'invalidated', label: 'Invalidated', color: 'var(--chart-4)' },
] as const;

interface Point {
  date: string;
  label: string;
  issued: number;
  added: number;
  scanned: number;
  invalidated: number;
}

const ChartTooltip = pointTooltip<Point>((point) => (
  <TooltipBox heading={point.label} lines={SERIES.map((series) => ({ label: series.label, value: formatCount(point[series.key]), color: series.color }))} />
));

/** Passes over time: a chart with figures on hover, or the same figures as a table. */
function ActivityChart({ points }: { points: Point[] }) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const max = Math.max(0, ...points.flatMap((point) => SERIES.map((series) => point[series.key])));
  const ticks = niceTicks(max, true);
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle id={id} className="text-base">
          Passes over time
        </CardTitle>
        <Button type="button" variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)}>
          {asTable ? <ChartNoAxesColumnIcon aria-hidden /> : <TableIcon aria-hidden />}
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </CardHeader>
      {asTable ? (
        <CardContent className="max-h-96 overflow-auto">
          <ChartDataTable
            aria-labelledby={id}
            title="Passes over time"
            columns={['Day', ...SERIES.map((series) => series.label)]}
            rows={points.map((point) => [point.label, ...SERIES.map((series) => formatCount(point[series.key]))])}
          />
        </CardContent>
      ) : (
        <CardContent role="figure" aria-labelledby={id} className="h-72 px-2" data-testid="passes-chart">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={points} margin={{ left: 4, right: 12, top: 8 }}>
              <CartesianGrid {...GRID} />
              <XAxis dataKey="label" {...AXIS} minTickGap={24} />
              <YAxis {...countAxis(ticks)} />
              <Tooltip content={ChartTooltip} cursor={{ stroke: 'var(--border)' }} />
              <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
              {SERIES.map((series) => (
                <Area
                  key={series.key}
                  type="monotone"
                  dataKey={series.key}
                  name={series.label}
                  stroke={series.color}
                  fill={series.color}
                  fillOpacity={0.08}
                  strokeWidth={2}
                  isAnimationActive={ANIMATE}
                />
              ))}
            </AreaChart>
          </ResponsiveContainer>
        </CardContent>
      )}
    </Card>
  );
}

/** Overview: key figures of the range and passes over time. */
export function OverviewScreen() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get('range');
  const range: OverviewRange = isOverviewRange(raw) ? raw : '30d';
  const bounds = useMemo(() => rangeBounds(range), [range]);
  const { data, loading, error, refetch } = useQuery(PassProjectOverviewQuery, { variables: { id: projectId, ...bounds }, fetchPolicy: 'cache-and-network' });
  const overview = data?.passProjectOverview;
  const points: Point[] = (overview?.series ?? []).map((point) => ({ ...point, label: formatCalendarDate(point.date) }));
  const kpis: Array<[string, number | undefined, string]> = [
    ['Issued', overview?.issued, 'Passes created in the range'],
    ['Active', overview?.active, 'Passes valid today'],
    ['Added to wallets', overview?.addedToWallets, 'Added to Apple Wallet in the range'],
    ['Scanned', overview?.scanned, 'Barcode checks in the range'],
    ['Invalidated', overview?.invalidated, 'By you, a deleted policy or an NFT transfer'],
  ];
  const empty = overview && overview.issued === 0 && overview.active === 0 && overview.scanned === 0 && overview.invalidated === 0;
  return (
    <ProjectFrame
      projectId={projectId}
      section="overview"
      description="How many passes were issued, added to wallets, scanned and invalidated."
      actions={
        <FilterSelect
          label="Range"
          hideLabel
          triggerClassName="w-44"
          value={range}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            next.set('range', value);
            setParams(next, { replace: true });
          }}
          options={OVERVIEW_RANGES}
        />
      }
    >
      {error && <QueryErrorAlert title="Could not load the overview" error={error} onRetry={refetch} />}
      <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {kpis.map(([label, value, hint]) => (
          <li key={label} aria-label={label} className="last:col-span-2 md:last:col-span-1">
            <Card className="h-full gap-1 py-4">
              <CardHeader className="px-4">
                <CardTitle className="text-xs font-normal text-muted-foreground">{label}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-1 px-4">
                {value === undefined ? (
                  <Skeleton className="h-7 w-16" />
                ) : (
                  <div data-testid="kpi-value" className="text-xl font-semibold tabular-nums">
                    {formatCount(value)}
                  </div>
                )}
                <p className="text-xs text-muted-foreground">{hint}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {loading && !data ? (
        <Skeleton className="h-80 w-full" />
      ) : empty ? (
        <ChartEmptyState
          title="No pass activity in this range"
          description="Issued, added, scanned and invalidated passes will be charted here by day. Create an API key, then issue a pass through the REST API from a holder's signed message."
        />
      ) : (
        overview && <ActivityChart points={points} />
      )}
    </ProjectFrame>
  );
}
