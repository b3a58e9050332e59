import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format';

// The pieces every chart screen shares (analytics, dashboards, the quarterly review, the passes overview): colours
// from the --chart-N tokens only, small muted axes, a dashed horizontal grid and a boxed tooltip. Recharts finds its
// axes and grid by element type, so these are props to spread on its own components rather than wrappers.

export const CHART = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
// Charts grow in unless the reader asked for less motion.
export const ANIMATE = typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
export const AXIS = { fontSize: 11, stroke: 'var(--muted-foreground)', tickLine: false } as const;
export const CURSOR = { fill: 'var(--muted)', opacity: 0.4 };
/** A name cut to fit a category axis. */
export function shortName(name: string) {
  return name.length > 18 ? `${name.slice(0, 17)}…` : name;
}

/** Props for `<CartesianGrid>`: dashed horizontal lines only. */
export const GRID = { strokeDasharray: '3 3', stroke: 'var(--border)', vertical: false } as const;

/** Props for a `<YAxis>` of whole counts on the given ticks (from niceTicks), labelled short ("1.2K"). */
export function countAxis(ticks: number[]) {
  return {
    ...AXIS,
    width: 40,
    allowDecimals: false,
    domain: [0, ticks.at(-1)!],
    ticks,
    tickFormatter: (value: number) => formatCount(value, { compact: true }),
  };
}

/** Axis ticks for money: short ("$1.2K"), never more decimals than the axis needs. */
export function axisMoney(value: number, currency: string) {
  return new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: currency.toUpperCase(),
    notation: 'compact',
    maximumFractionDigits: value !== 0 && Math.abs(value) < 10 ? 1 : 0,
  }).format(value);
}

export interface TooltipLine {
  label: string;
  value: string;
  color?: string;
}

/** The tooltip box: a heading and one line per value, already formatted. */
export function TooltipBox({ heading, lines }: { heading: string; lines: TooltipLine[] }) {
  return (
    <div className="rounded-lg border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="mb-1 font-medium">{heading}</p>
      {lines.map((line) => (
        <p key={line.label} className="flex items-center gap-2">
          {line.color && <span className="size-2 shrink-0 rounded-sm" style={{ background: line.color }} aria-hidden />}
          <span className="text-muted-foreground">{line.label}</span>
          <span className="ml-auto pl-3 font-medium tabular-nums">{line.value}</span>
        </p>
      ))}
    </div>
  );
}

/**
 * A Recharts tooltip `content` that draws the hovered point (the first payload's row) with `render`, or nothing when
 * no point is under the pointer.
 */
export function pointTooltip<Point>(render: (point: Point) => ReactNode) {
  return function PointTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: unknown }> }) {
    const point = active ? (payload?.[0]?.payload as Point | undefined) : undefined;
    return point ? render(point) : null;
  };
}

/** A `pointTooltip` drawing the hovered point as a TooltipBox: its heading and its lines. */
export function linesTooltip<Point>(heading: (point: Point) => string, lines: (point: Point) => TooltipLine[]) {
  return pointTooltip<Point>((point) => <TooltipBox heading={heading(point)} lines={lines(point)} />);
}
