import { ArrowDownRightIcon, ArrowUpRightIcon } from 'lucide-react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Dashboards_DataFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

// Presentational: KPI cards and charts of one DashboardData. Colours come from the --chart-N tokens only.

const CHART = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
const TOOLTIP = {
  contentStyle: { background: 'var(--popover)', color: 'var(--popover-foreground)', border: '1px solid var(--border)', borderRadius: 8, fontSize: 12 },
  labelStyle: { color: 'var(--muted-foreground)' },
  cursor: { fill: 'var(--muted)', opacity: 0.4 },
};

export function money(value: string | number, currency: string, compact = false) {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: compact ? 1 : 0, notation: compact ? 'compact' : 'standard' }).format(Number(value));
}
// Charts grow in unless the reader asked for less motion.
const ANIMATE = typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

const count = (value: number) => new Intl.NumberFormat().format(value);
const compactCount = (value: number) => new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(value);

function Change({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className="text-xs text-muted-foreground">no previous data</span>;
  const up = value >= 0;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-xs font-medium', up ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400')}>
      <Icon className="size-3.5" aria-hidden />
      {`${up ? '+' : ''}${(value * 100).toFixed(1)}%`}
      <span className="font-normal text-muted-foreground">vs previous</span>
    </span>
  );
}

export function KpiCards({ data }: { data: Dashboards_DataFragment }) {
  const c = data.currencyCode;
  const kpis: Array<[string, string, number | null | undefined]> = [
    ['Volume', money(data.current.volume, c), data.changes.volume],
    ['Transactions', count(data.current.transactionCount), data.changes.transactionCount],
    ['Completion rate', `${(data.current.completionRate * 100).toFixed(1)}%`, data.changes.completionRate],
    ['Fees earned', money(data.current.feesEarned, c), data.changes.feesEarned],
    ['Average order', money(data.current.averageOrder, c), data.changes.averageOrder],
    [`Unique customers${data.current.isUniqueCustomersEstimate ? ' (est.)' : ''}`, count(data.current.uniqueCustomers), data.changes.uniqueCustomers],
  ];
  return (
    <ul aria-label="Key figures" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {kpis.map(([label, value, change]) => (
        <li key={label} aria-label={label}>
          <Card className="h-full gap-1 py-4">
            <CardHeader className="px-4"><CardTitle className="text-xs font-normal text-muted-foreground">{label}</CardTitle></CardHeader>
            <CardContent className="flex flex-col gap-1 px-4">
              <div data-testid="kpi-value" className="truncate text-xl font-semibold tabular-nums">{value}</div>
              <Change value={change} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function ChartCard({ title, className, children, empty }: { title: string; className?: string; children: React.ReactNode; empty?: boolean }) {
  return (
    <Card className={cn('min-w-0 py-4', className)}>
      <CardHeader className="px-4"><CardTitle className="text-sm">{title}</CardTitle></CardHeader>
      <CardContent role="figure" aria-label={title} className="h-64 px-2">
        {empty ? <p className="flex h-full items-center justify-center text-sm text-muted-foreground">No data in this range.</p> : children}
      </CardContent>
    </Card>
  );
}

function Breakdown({ title, rows, currency }: { title: string; rows: Dashboards_DataFragment['paymentMethods']; currency: string }) {
  const data = rows.slice(0, 8).map((row) => ({ name: row.value, volume: Number(row.volume), share: row.share }));
  return (
    <ChartCard title={title} empty={data.length === 0}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart layout="vertical" data={data} margin={{ left: 4, right: 12 }}>
          <XAxis type="number" hide />
          <YAxis type="category" dataKey="name" width={120} fontSize={11} stroke="var(--muted-foreground)" tickLine={false} tickFormatter={(name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name)} />
          <Tooltip {...TOOLTIP} formatter={(value) => [money(Number(value), currency), 'Volume']} />
          <Bar dataKey="volume" radius={[0, 4, 4, 0]} isAnimationActive={ANIMATE}>
            {data.map((row, index) => <Cell key={row.name} fill={CHART[index % CHART.length]} />)}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DashboardCharts({ data }: { data: Dashboards_DataFragment }) {
  const c = data.currencyCode;
  const series = data.series.map((point) => ({ date: point.date, volume: Number(point.volume), transactions: point.transactionCount, completed: point.completedCount }));
  const statuses = data.statuses.map((row) => ({ name: row.status, value: row.transactionCount }));
  return (
    <div className="grid min-w-0 gap-3 lg:grid-cols-3">
      <ChartCard title={`Volume by ${data.bucket} (${data.from} – ${data.to}, UTC)`} className="lg:col-span-2" empty={series.length === 0}>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={series} margin={{ left: 4, right: 8, top: 8 }}>
            <defs>
              <linearGradient id={`volume-${data.kind}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor="var(--chart-1)" stopOpacity={0.4} />
                <stop offset="95%" stopColor="var(--chart-1)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="date" fontSize={11} stroke="var(--muted-foreground)" tickLine={false} minTickGap={24} />
            <YAxis fontSize={11} stroke="var(--muted-foreground)" width={56} tickLine={false} tickFormatter={(value: number) => money(value, c, true)} />
            <Tooltip {...TOOLTIP} formatter={(value) => [money(Number(value), c), 'Volume']} />
            <Area isAnimationActive={ANIMATE} dataKey="volume" type="monotone" stroke="var(--chart-1)" strokeWidth={2} fill={`url(#volume-${data.kind})`} />
          </AreaChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Statuses" empty={statuses.length === 0}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie isAnimationActive={ANIMATE} data={statuses} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="75%" paddingAngle={2} stroke="var(--card)">
              {statuses.map((row, index) => <Cell key={row.name} fill={CHART[index % CHART.length]} />)}
            </Pie>
            <Tooltip {...TOOLTIP} formatter={(value, name) => [count(Number(value)), String(name)]} />
            <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
          </PieChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title="Transactions (all vs completed)" className="lg:col-span-2" empty={series.length === 0}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={series} margin={{ left: 4, right: 8, top: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="date" fontSize={11} stroke="var(--muted-foreground)" tickLine={false} minTickGap={24} />
            <YAxis fontSize={11} stroke="var(--muted-foreground)" width={40} tickLine={false} tickFormatter={compactCount} />
            <Tooltip {...TOOLTIP} />
            <Legend iconSize={8} wrapperStyle={{ fontSize: 11 }} />
            <Bar isAnimationActive={ANIMATE} dataKey="transactions" name="All" fill="var(--chart-1)" radius={[3, 3, 0, 0]} />
            <Bar isAnimationActive={ANIMATE} dataKey="completed" name="Completed" fill="var(--chart-2)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <Breakdown title="Top currencies" rows={data.topCurrencies} currency={c} />
      <Breakdown title="Payment methods" rows={data.paymentMethods} currency={c} />
      <Breakdown title="Countries" rows={data.countries} currency={c} />
    </div>
  );
}
