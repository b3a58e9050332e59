import type { ReactNode } from 'react';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ANIMATE, AXIS, CHART, CURSOR, pointTooltip, shortName } from '@/components/charts/chart-parts';

export { shortName };

/** Horizontal bars of a breakdown's volume, one colour a row; `tooltip` draws a hovered row. */
export function BreakdownBars<Row extends { name: string; volume: number }>({ data, tooltip }: { data: Row[]; tooltip: (row: Row) => ReactNode }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart layout="vertical" data={data} margin={{ left: 4, right: 12 }}>
        <XAxis type="number" hide domain={[0, 'dataMax']} />
        <YAxis type="category" dataKey="name" width={120} {...AXIS} tickFormatter={shortName} />
        <Tooltip content={pointTooltip(tooltip)} cursor={CURSOR} />
        <Bar dataKey="volume" radius={[0, 4, 4, 0]} isAnimationActive={ANIMATE} maxBarSize={28}>
          {data.map((row, index) => (
            <Cell key={row.name} fill={CHART[index % CHART.length]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
