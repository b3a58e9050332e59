import { useSearchParams } from 'react-router';
import { useQuery, useReactiveVar } from '@apollo/client/react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { DashboardsOnRampQuery } from '@/features/dashboards/api/dashboards';

const RANGES = ['day', 'week', 'month', 'quarter', 'year'] as const;
const CURRENCIES = ['usd', 'eur', 'gbp'] as const;

const money = (value: string, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase(), maximumFractionDigits: 0 }).format(value as unknown as number);
const pct = (value: number | null) => (value === null ? 'no previous data' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}% vs previous`);

/** /dashboard — KPI cards and charts from the rollups, with range and currency in the URL. */
export function DashboardScreen() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const [params, setParams] = useSearchParams();
  const range = (RANGES as readonly string[]).includes(params.get('range') ?? '') ? (params.get('range') as (typeof RANGES)[number]) : 'month';
  const currency = (CURRENCIES as readonly string[]).includes(params.get('currency') ?? '') ? (params.get('currency') as (typeof CURRENCIES)[number]) : 'usd';
  const { data, loading, error } = useQuery(DashboardsOnRampQuery, { variables: { accountId: accountId ?? '', liveMode: !testMode, currencyCode: currency, range }, skip: !accountId });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next);
  };
  const d = data?.dashboardData;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Range" className="flex gap-1">
          {RANGES.map((r) => (
            <Button key={r} size="sm" variant={r === range ? 'default' : 'outline'} onClick={() => set('range', r)}>{r}</Button>
          ))}
        </div>
        <div role="group" aria-label="Currency" className="ml-auto flex gap-1">
          {CURRENCIES.map((c) => (
            <Button key={c} size="sm" variant={c === currency ? 'default' : 'outline'} onClick={() => set('currency', c)}>{c.toUpperCase()}</Button>
          ))}
        </div>
      </div>
      {error ? <ErrorAlert title="Could not load the dashboard" message={describeApiError(error).message} /> : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        {d
          ? [
              ['Volume', money(d.current.volume, currency), d.changes.volume],
              ['Transactions', d.current.transactionCount.toLocaleString(), d.changes.transactionCount],
              ['Completion rate', `${(d.current.completionRate * 100).toFixed(1)}%`, d.changes.completionRate],
              ['Fees earned', money(d.current.feesEarned, currency), d.changes.feesEarned],
              ['Average order', money(d.current.averageOrder, currency), d.changes.averageOrder],
              [`Unique customers${d.current.isUniqueCustomersEstimate ? ' (est.)' : ''}`, d.current.uniqueCustomers.toLocaleString(), d.changes.uniqueCustomers],
            ].map(([label, value, change]) => (
              <Card key={label as string} className="gap-1 py-4">
                <CardHeader className="px-4"><CardTitle className="text-xs font-normal text-muted-foreground">{label as string}</CardTitle></CardHeader>
                <CardContent className="px-4">
                  <div className="text-xl font-semibold tabular-nums">{value as string}</div>
                  <div className="text-xs text-muted-foreground">{pct(change as number | null)}</div>
                </CardContent>
              </Card>
            ))
          : loading
            ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-24" />)
            : null}
      </div>
      {d ? (
        <div className="grid gap-3 lg:grid-cols-3">
          <Card className="py-4 lg:col-span-2">
            <CardHeader className="px-4"><CardTitle className="text-sm">Volume ({d.from} – {d.to}, UTC days)</CardTitle></CardHeader>
            <CardContent className="h-64 px-2">
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={d.series.map((p) => ({ date: p.date, volume: Number(p.volume) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                  <XAxis dataKey="date" fontSize={11} stroke="var(--muted-foreground)" />
                  <YAxis fontSize={11} stroke="var(--muted-foreground)" width={60} />
                  <Tooltip />
                  <Area dataKey="volume" type="monotone" stroke="var(--chart-1)" fill="var(--chart-1)" fillOpacity={0.25} />
                </AreaChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
          <Card className="py-4">
            <CardHeader className="px-4"><CardTitle className="text-sm">Payment methods</CardTitle></CardHeader>
            <CardContent className="h-64 px-2">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart layout="vertical" data={d.paymentMethods.map((p) => ({ name: p.value, volume: Number(p.volume) }))}>
                  <XAxis type="number" hide />
                  <YAxis type="category" dataKey="name" width={110} fontSize={11} stroke="var(--muted-foreground)" />
                  <Tooltip />
                  <Bar dataKey="volume" fill="var(--chart-2)" />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
        </div>
      ) : null}
    </div>
  );
}
