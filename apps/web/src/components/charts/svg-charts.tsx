import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { CHART, shortName } from '@/components/charts/chart-parts';

// Plain SVG charts for the dashboards (issue 40): the area, grouped bars, donut and horizontal bars they draw, with the
// same look as the Recharts ones elsewhere (muted axes, dashed horizontal grid, the boxed tooltip from chart-parts) at
// a few KB instead of Recharts' ~100 KB compressed on the dashboard's first paint. The figures are also in each
// chart's "View as table"; the surface takes focus and the arrow keys move the tooltip from point to point.

const FONT = 11;
const AXIS_COLOUR = 'var(--muted-foreground)';
// About the width of one character of the 11 px axis font, to keep x labels from overlapping.
const CHAR_WIDTH = 6.2;

/** The size of the element `ref` is put on, kept up to date (Recharts' ResponsiveContainer). */
function useBoxSize() {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const update = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((current) => (current.width === width && current.height === height ? current : { width, height }));
    };
    update();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(update);
      observer.current.observe(element);
    }
  }, []);
  return [ref, size] as const;
}

/** The tooltip box beside the pointer, flipped to the other side past the middle so it stays inside the chart. */
function TooltipLayer({ x, y, width, children }: { x: number; y: number; width: number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useLayoutEffect(() => setBoxWidth(box.current?.offsetWidth ?? 0), [children]);
  const left = x + 12 + boxWidth > width ? Math.max(0, x - 12 - boxWidth) : x + 12;
  return (
    <div ref={box} data-slot="chart-tooltip" className="pointer-events-none absolute top-0 z-10 whitespace-nowrap" style={{ left, top: Math.max(0, y - 20) }}>
      {children}
    </div>
  );
}

/** Arrow keys (and Home/End) move the active point of a focused chart; Escape hides it. */
function keyStep(event: KeyboardEvent, active: number | null, count: number): number | null | undefined {
  const last = count - 1;
  switch (event.key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return active === null ? 0 : Math.min(last, active + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return active === null ? last : Math.max(0, active - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'Escape':
      return null;
    default:
      return undefined;
  }
}

/** The hovered (or keyboard-chosen) item of a chart and where its tooltip goes, in the chart's own pixels. */
interface Hover {
  active: number | null;
  pointer: { x: number; y: number } | null;
}

const NO_HOVER: Hover = { active: null, pointer: null };

/**
 * The focusable SVG every chart draws on, with its tooltip: the pointer leaving hides it, the arrow keys (keyStep) move
 * it from item to item to `keyPointer(index)`, and `tooltip(index)` draws the active item's box beside the pointer.
 */
function ChartSurface({
  box,
  drawn,
  count,
  hover,
  setHover,
  keyPointer,
  onMouseMove,
  tooltip,
  children,
}: {
  box: ReturnType<typeof useBoxSize>;
  /** Whether there is something to draw besides a size (a donut of zeros has not). */
  drawn: boolean;
  count: number;
  hover: Hover;
  setHover: Dispatch<SetStateAction<Hover>>;
  keyPointer: (index: number) => { x: number; y: number };
  onMouseMove?: (event: MouseEvent<SVGSVGElement>) => void;
  tooltip: (index: number) => ReactNode;
  children: ReactNode;
}) {
  const [ref, { width, height }] = box;
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const next = keyStep(event, hover.active, count);
    if (next === undefined) return;
    event.preventDefault();
    setHover({ active: next, pointer: next === null ? null : keyPointer(next) });
  };
  const { active, pointer } = hover;
  return (
    <div ref={ref} data-slot="chart" className="relative h-full w-full">
      {width > 0 && height > 0 && drawn ? (
        <svg
          className="chart-surface block outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="application"
          tabIndex={0}
          onMouseMove={onMouseMove}
          onMouseLeave={() => setHover(NO_HOVER)}
          onKeyDown={onKeyDown}
          onBlur={() => setHover((current) => ({ ...current, active: null }))}
        >
          {children}
        </svg>
      ) : null}
      {active !== null && pointer && active < count ? (
        <TooltipLayer x={pointer.x} y={pointer.y} width={width}>
          {tooltip(active)}
        </TooltipLayer>
      ) : null}
    </div>
  );
}

/** Fritsch–Carlson monotone cubic through the points (d3's curveMonotoneX, which Recharts' type="monotone" draws). */
export function monotonePath(points: ReadonlyArray<readonly [number, number]>): string {
  const n = points.length;
  if (n === 0) return '';
  const [x0, y0] = points[0]!;
  if (n === 1) return `M${x0},${y0}`;
  if (n === 2) return `M${x0},${y0}L${points[1]![0]},${points[1]![1]}`;
  const dx: number[] = [];
  const slope: number[] = [];
  for (let i = 0; i < n - 1; i += 1) {
    dx.push(points[i + 1]![0] - points[i]![0]);
    slope.push(dx[i] === 0 ? 0 : (points[i + 1]![1] - points[i]![1]) / dx[i]!);
  }
  const tangent: number[] = [slope[0]!];
  for (let i = 1; i < n - 1; i += 1) {
    const a = slope[i - 1]!;
    const b = slope[i]!;
    if (a * b <= 0) tangent.push(0);
    else {
      const h0 = dx[i - 1]!;
      const h1 = dx[i]!;
      // Weighted harmonic mean: keeps the curve from overshooting between points.
      tangent.push((3 * (h0 + h1)) / ((2 * h1 + h0) / a + (h1 + 2 * h0) / b));
    }
  }
  tangent.push(slope[n - 2]!);
  let path = `M${x0},${y0}`;
  for (let i = 0; i < n - 1; i += 1) {
    const [xa, ya] = points[i]!;
    const [xb, yb] = points[i + 1]!;
    const h = dx[i]! / 3;
    path += `C${xa + h},${ya + tangent[i]! * h},${xb - h},${yb - tangent[i + 1]! * h},${xb},${yb}`;
  }
  return path;
}

/** One value drawn per point of a time chart. */
export interface TimeSeries<Point> {
  name: string;
  value: (point: Point) => number;
  color: string;
}

interface TimeChartProps<Point> {
  points: readonly Point[];
  label: (point: Point) => string;
  /** From niceTicks: the y axis runs from 0 to the last. */
  ticks: number[];
  tickLabel: (value: number) => string;
  axisWidth: number;
  tooltip: (point: Point) => ReactNode;
}

const MARGIN = { top: 8, right: 8, bottom: 24 };

/** The x labels that fit: every `step`-th, each about its text's width plus a 24 px gap from the next. */
function labelStep(labels: string[], band: number) {
  const widest = Math.max(0, ...labels.map((text) => text.length)) * CHAR_WIDTH;
  return Math.max(1, Math.ceil((widest + 24) / Math.max(band, 1)));
}

/** Axes, grid, x labels and the pointer of a chart over time; `children` draws the series in the plot area. */
function TimeFrame<Point>({
  points,
  label,
  ticks,
  tickLabel,
  axisWidth,
  tooltip,
  cursor,
  legend,
  children,
  padding = 0,
}: TimeChartProps<Point> & {
  cursor: 'line' | 'band';
  legend?: Array<{ name: string; color: string }>;
  padding?: number;
  children: (plot: { x: (index: number) => number; y: (value: number) => number; band: number; bottom: number }) => ReactNode;
}) {
  const box = useBoxSize();
  const { width, height } = box[1];
  const [hover, setHover] = useState<Hover>(NO_HOVER);
  const { active } = hover;
  const legendHeight = legend ? 20 : 0;
  const left = axisWidth + 4;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  const bottom = Math.max(MARGIN.top, height - MARGIN.bottom - legendHeight);
  const max = ticks.at(-1) || 1;
  const count = points.length;
  // Bars take a band each; an area spans the plot edge to edge (with `padding` at both ends for a few points).
  const band = cursor === 'band' ? plotWidth / Math.max(count, 1) : (plotWidth - 2 * padding) / Math.max(count - 1, 1);
  const x = (index: number) =>
    cursor === 'band' ? left + band * (index + 0.5) : left + padding + (count === 1 ? (plotWidth - 2 * padding) / 2 : band * index);
  const y = (value: number) => bottom - (Math.max(0, value) / max) * (bottom - MARGIN.top);
  const labels = points.map(label);
  const step = labelStep(labels, cursor === 'band' ? band : Math.max(band, 1));

  const indexAt = (clientX: number, box: DOMRect) => {
    const offset = clientX - box.left - left;
    const index = cursor === 'band' ? Math.floor(offset / band) : Math.round((offset - padding) / (band || 1));
    return count === 0 ? null : Math.min(count - 1, Math.max(0, index));
  };
  const onMouseMove = (event: MouseEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover({ active: indexAt(event.clientX, rect), pointer: { x: event.clientX - rect.left, y: event.clientY - rect.top } });
  };

  return (
    <ChartSurface
      box={box}
      drawn
      count={count}
      hover={hover}
      setHover={setHover}
      keyPointer={(index) => ({ x: x(index), y: MARGIN.top + 20 })}
      onMouseMove={onMouseMove}
      tooltip={(index) => tooltip(points[index]!)}
    >
      {ticks.map((tick) => (
        <line key={tick} x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="var(--border)" strokeDasharray="3 3" />
      ))}
      {active !== null && cursor === 'band' ? (
        <rect x={left + band * active} y={MARGIN.top} width={band} height={bottom - MARGIN.top} fill="var(--muted)" opacity={0.4} />
      ) : null}
      {active !== null && cursor === 'line' ? <line x1={x(active)} x2={x(active)} y1={MARGIN.top} y2={bottom} stroke="var(--border)" /> : null}
      {children({ x, y, band, bottom })}
      <g fontSize={FONT} fill={AXIS_COLOUR}>
        <line x1={left} x2={left} y1={MARGIN.top} y2={bottom} stroke={AXIS_COLOUR} />
        <line x1={left} x2={left + plotWidth} y1={bottom} y2={bottom} stroke={AXIS_COLOUR} />
        {ticks.map((tick) => (
          <text key={tick} x={left - 8} y={y(tick)} dy="0.355em" textAnchor="end">
            {tickLabel(tick)}
          </text>
        ))}
        {labels.map((text, index) =>
          index % step === 0 ? (
            <text key={index} x={x(index)} y={bottom + 8} dy="0.71em" textAnchor="middle">
              {text}
            </text>
          ) : null,
        )}
      </g>
      {legend ? (
        <g fontSize={FONT} transform={`translate(${left + plotWidth / 2},${height - 8})`}>
          {legend.map((entry, index) => {
            const offset = (index - (legend.length - 1) / 2) * 90;
            return (
              <g key={entry.name} transform={`translate(${offset},0)`}>
                <rect x={-30} y={-8} width={8} height={8} fill={entry.color} />
                <text x={-18} y={0} fill={entry.color}>
                  {entry.name}
                </text>
              </g>
            );
          })}
        </g>
      ) : null}
    </ChartSurface>
  );
}

/** One series as a filled monotone area (a dot at each point when there are too few to draw an area). */
export function AreaTimeChart<Point>({ series, ...props }: TimeChartProps<Point> & { series: TimeSeries<Point> }) {
  const gradient = useId();
  const fewPoints = props.points.length < 3;
  return (
    <TimeFrame {...props} cursor="line" padding={fewPoints ? 24 : 0}>
      {({ x, y, bottom }) => {
        const line = props.points.map((point, index) => [x(index), y(series.value(point))] as const);
        const path = monotonePath(line);
        return (
          <g>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="5%" stopColor={series.color} stopOpacity={0.4} />
                <stop offset="95%" stopColor={series.color} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            {line.length > 1 ? (
              <path className="chart-area" d={`${path}L${line.at(-1)![0]},${bottom}L${line[0]![0]},${bottom}Z`} fill={`url(#${gradient})`} stroke="none" />
            ) : null}
            <path d={path} fill="none" stroke={series.color} strokeWidth={2} />
            {fewPoints ? line.map(([cx, cy], index) => <circle key={index} cx={cx} cy={cy} r={4} fill={series.color} />) : null}
          </g>
        );
      }}
    </TimeFrame>
  );
}

/** Series side by side as bars per point (rounded tops, at most 40 px wide), with a legend below. */
export function BarsTimeChart<Point>({ series, ...props }: TimeChartProps<Point> & { series: Array<TimeSeries<Point>> }) {
  return (
    <TimeFrame {...props} cursor="band" legend={series}>
      {({ x, y, band, bottom }) => {
        // Recharts' grouping: 10 % of the band each side, 4 px between bars of one point.
        const gap = 4;
        const inner = band * 0.8;
        const barWidth = Math.max(1, Math.min(40, (inner - gap * (series.length - 1)) / series.length));
        const groupWidth = barWidth * series.length + gap * (series.length - 1);
        return (
          <g>
            {props.points.map((point, index) =>
              series.map((entry, seriesIndex) => {
                const top = y(entry.value(point));
                const barX = x(index) - groupWidth / 2 + seriesIndex * (barWidth + gap);
                return bottom - top > 0 ? (
                  <path key={`${index}-${entry.name}`} className="chart-bar" d={roundedBar(barX, top, barWidth, bottom - top, 3, 'top')} fill={entry.color} />
                ) : null;
              }),
            )}
          </g>
        );
      }}
    </TimeFrame>
  );
}

/** A bar with its free end rounded: `top` for columns, `right` for horizontal bars. */
function roundedBar(x: number, y: number, width: number, height: number, radius: number, end: 'top' | 'right'): string {
  const r = Math.max(0, Math.min(radius, end === 'top' ? width / 2 : height / 2, end === 'top' ? height : width));
  if (end === 'top') return `M${x},${y + height}V${y + r}Q${x},${y} ${x + r},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height}Z`;
  return `M${x},${y}H${x + width - r}Q${x + width},${y} ${x + width},${y + r}V${y + height - r}Q${x + width},${y + height} ${x + width - r},${y + height}H${x}Z`;
}

/** Horizontal bars, one a row in its own colour, the names on the left (cut to fit); `tooltip` draws a hovered row. */
export function HorizontalBars<Row extends { name: string; volume: number }>({ data, tooltip }: { data: readonly Row[]; tooltip: (row: Row) => ReactNode }) {
  const box = useBoxSize();
  const { width, height } = box[1];
  const [hover, setHover] = useState<Hover>(NO_HOVER);
  const { active } = hover;
  const left = 4 + 120;
  const right = 12;
  const top = 5;
  const plotHeight = Math.max(0, height - top * 2);
  const band = plotHeight / Math.max(data.length, 1);
  const barHeight = Math.min(28, band * 0.8);
  const max = Math.max(0, ...data.map((row) => row.volume)) || 1;
  const plotWidth = Math.max(0, width - left - right);
  return (
    <ChartSurface
      box={box}
      drawn
      count={data.length}
      hover={hover}
      setHover={setHover}
      keyPointer={(index) => ({ x: left + plotWidth / 2, y: top + band * (index + 0.5) })}
      onMouseMove={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        const index = Math.floor((event.clientY - rect.top - top) / (band || 1));
        setHover({ active: index >= 0 && index < data.length ? index : null, pointer: { x: event.clientX - rect.left, y: event.clientY - rect.top } });
      }}
      tooltip={(index) => tooltip(data[index]!)}
    >
      {active !== null ? <rect x={left} y={top + band * active} width={plotWidth} height={band} fill="var(--muted)" opacity={0.4} /> : null}
      {data.map((row, index) => {
        const barWidth = (Math.max(0, row.volume) / max) * plotWidth;
        const y = top + band * index + (band - barHeight) / 2;
        return barWidth > 0 ? (
          <path key={row.name} className="chart-bar" d={roundedBar(left, y, barWidth, barHeight, 4, 'right')} fill={CHART[index % CHART.length]} />
        ) : null;
      })}
      <g fontSize={FONT} fill={AXIS_COLOUR}>
        <line x1={left} x2={left} y1={top} y2={top + plotHeight} stroke={AXIS_COLOUR} />
        {data.map((row, index) => (
          <text key={row.name} x={left - 8} y={top + band * (index + 0.5)} dy="0.355em" textAnchor="end">
            {shortName(row.name)}
          </text>
        ))}
      </g>
    </ChartSurface>
  );
}

/** A point on a circle of the donut, clockwise from twelve o'clock. */
function polar(cx: number, cy: number, radius: number, angle: number) {
  return [cx + radius * Math.sin(angle), cy - radius * Math.cos(angle)] as const;
}

function arcPath(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  // A full ring cannot be one arc: draw it as two halves.
  if (end - start >= Math.PI * 2 - 1e-6) {
    return `${arcPath(cx, cy, inner, outer, start, start + Math.PI)}${arcPath(cx, cy, inner, outer, start + Math.PI, start + Math.PI * 2 - 1e-6)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  const [ox0, oy0] = polar(cx, cy, outer, start);
  const [ox1, oy1] = polar(cx, cy, outer, end);
  const [ix1, iy1] = polar(cx, cy, inner, end);
  const [ix0, iy0] = polar(cx, cy, inner, start);
  return `M${ox0},${oy0}A${outer},${outer} 0 ${large} 1 ${ox1},${oy1}L${ix1},${iy1}A${inner},${inner} 0 ${large} 0 ${ix0},${iy0}Z`;
}

/** Each row's start and end angle, clockwise from twelve o'clock, `gap` after each slice drawn. */
function donutSlices<Row extends { value: number }>(data: readonly Row[], total: number, sweep: number, gap: number) {
  const slices: Array<{ row: Row; start: number; end: number }> = [];
  let angle = 0;
  for (const row of data) {
    const size = total ? (Math.max(0, row.value) / total) * sweep : 0;
    slices.push({ row, start: angle, end: angle + size });
    angle += size + (size > 0 ? gap : 0);
  }
  return slices;
}

/** A donut of the rows' values (inner radius 58 %, outer 92 % of the room), a 2° gap between slices. */
export function Donut<Row extends { name: string; value: number; color: string }>({
  data,
  tooltip,
}: {
  data: readonly Row[];
  tooltip: (row: Row) => ReactNode;
}) {
  const box = useBoxSize();
  const { width, height } = box[1];
  const [hover, setHover] = useState<Hover>(NO_HOVER);
  const { active } = hover;
  const total = data.reduce((sum, row) => sum + Math.max(0, row.value), 0);
  const radius = Math.min(width, height) / 2;
  const outer = radius * 0.92;
  const inner = radius * 0.58;
  const cx = width / 2;
  const cy = height / 2;
  const gap = data.filter((row) => row.value > 0).length > 1 ? (2 * Math.PI) / 180 : 0;
  const sweep = Math.PI * 2 - gap * data.filter((row) => row.value > 0).length;
  const slices = donutSlices(data, total, sweep, gap);
  const keyPointer = (index: number) => {
    const [x, y] = polar(cx, cy, outer, (slices[index]!.start + slices[index]!.end) / 2);
    return { x, y };
  };
  return (
    <ChartSurface
      box={box}
      drawn={total > 0}
      count={data.length}
      hover={hover}
      setHover={setHover}
      keyPointer={keyPointer}
      tooltip={(index) => tooltip(data[index]!)}
    >
      {slices.map(({ row, start, end }, index) =>
        end > start ? (
          <path
            key={row.name}
            className="chart-slice"
            d={arcPath(cx, cy, inner, outer, start, end)}
            fill={row.color}
            stroke="var(--card)"
            opacity={active === null || active === index ? 1 : 0.75}
            onMouseMove={(event) => {
              const rect = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
              setHover({ active: index, pointer: { x: event.clientX - rect.left, y: event.clientY - rect.top } });
            }}
          />
        ) : null,
      )}
    </ChartSurface>
  );
}
