import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TooltipBox } from '@/components/charts/chart-parts';
import { AreaTimeChart, BarsTimeChart, Donut, HorizontalBars, monotonePath } from '@/components/charts/svg-charts';

// jsdom lays nothing out: each chart's box reports 400 × 200, as a 256 px card would.
const box = { x: 0, y: 0, left: 0, top: 0, right: 400, bottom: 200, width: 400, height: 200, toJSON: () => ({}) };
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(box);
  vi.spyOn(SVGElement.prototype, 'getBoundingClientRect').mockReturnValue(box);
});
afterEach(() => vi.restoreAllMocks());

const points = [
  { label: 'Mar 1', volume: 100, all: 4, done: 3 },
  { label: 'Mar 2', volume: 250, all: 6, done: 6 },
  { label: 'Mar 3', volume: 50, all: 2, done: 1 },
  { label: 'Mar 4', volume: 400, all: 9, done: 7 },
];
type Point = (typeof points)[number];
const tooltip = (point: Point) => <TooltipBox heading={point.label} lines={[{ label: 'Volume', value: String(point.volume) }]} />;

/** The volume chart over `points`, as the dashboard draws it; answers its focusable surface. */
function renderAreaChart(tickLabel: (value: number) => string) {
  const { container } = render(
    <AreaTimeChart
      points={points}
      label={(point) => point.label}
      series={{ name: 'Volume', value: (point) => point.volume, color: 'var(--chart-1)' }}
      ticks={[0, 100, 200, 300, 400]}
      tickLabel={tickLabel}
      axisWidth={60}
      tooltip={tooltip}
    />,
  );
  return container.querySelector('svg.chart-surface')!;
}

describe('monotonePath', () => {
  it('passes through every point and never overshoots between two of them', () => {
    const path = monotonePath([
      [0, 10],
      [10, 0],
      [20, 0],
      [30, 5],
    ]);
    expect(path.startsWith('M0,10C')).toBe(true);
    expect(path.endsWith('30,5')).toBe(true);
    // Between the two equal points the curve stays flat: both control points at y = 0.
    expect(path).toMatch(/C13\.33+\d*,0,16\.66+\d*,0,20,0/);
  });

  it('draws a line for two points and a move for one', () => {
    expect(
      monotonePath([
        [0, 1],
        [5, 2],
      ]),
    ).toBe('M0,1L5,2');
    expect(monotonePath([[3, 4]])).toBe('M3,4');
  });
});

describe('AreaTimeChart', () => {
  it('draws the axes, the area and the tooltip of the point under the pointer', () => {
    const surface = renderAreaChart((value) => `$${value}`);
    expect(surface.querySelector('path.chart-area')).not.toBeNull();
    expect([...surface.querySelectorAll('text')].map((text) => text.textContent)).toEqual(expect.arrayContaining(['$0', '$400', 'Mar 1']));
    expect(screen.queryByText('Mar 4', { selector: 'p' })).toBeNull();
    // The plot runs from x = 64 to 392: the last point is at its right edge.
    fireEvent.mouseMove(surface, { clientX: 390, clientY: 50 });
    expect(screen.getByText('Mar 4', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Volume').parentElement?.textContent).toBe('Volume400');
    fireEvent.mouseLeave(surface);
    expect(screen.queryByText('Mar 4', { selector: 'p' })).toBeNull();
  });

  it('moves the tooltip with the arrow keys once focused', () => {
    const surface = renderAreaChart(String);
    fireEvent.keyDown(surface, { key: 'ArrowRight' });
    expect(screen.getByText('Mar 1', { selector: 'p' })).toBeTruthy();
    fireEvent.keyDown(surface, { key: 'End' });
    expect(screen.getByText('Mar 4', { selector: 'p' })).toBeTruthy();
    fireEvent.keyDown(surface, { key: 'Escape' });
    expect(screen.queryByText('Mar 4', { selector: 'p' })).toBeNull();
  });
});

describe('BarsTimeChart', () => {
  it('draws a bar per series and point, a legend, and the hovered point', () => {
    const { container } = render(
      <BarsTimeChart
        points={points}
        label={(point) => point.label}
        series={[
          { name: 'All', value: (point) => point.all, color: 'var(--chart-1)' },
          { name: 'Completed', value: (point) => point.done, color: 'var(--chart-2)' },
        ]}
        ticks={[0, 5, 10, 15, 20]}
        tickLabel={String}
        axisWidth={40}
        tooltip={tooltip}
      />,
    );
    const surface = container.querySelector('svg.chart-surface')!;
    expect(surface.querySelectorAll('path.chart-bar')).toHaveLength(8);
    expect(screen.getByText('Completed')).toBeTruthy();
    // Four bands between x = 44 and 392: the second is 131–218.
    fireEvent.mouseMove(surface, { clientX: 150, clientY: 100 });
    expect(screen.getByText('Mar 2', { selector: 'p' })).toBeTruthy();
  });
});

describe('HorizontalBars', () => {
  it('names each row (cut to fit) and shows the hovered row', () => {
    const rows = [
      { name: 'Apple Pay via Stripe Checkout', volume: 30 },
      { name: 'Card', volume: 10 },
    ];
    const { container } = render(<HorizontalBars data={rows} tooltip={(row) => <TooltipBox heading={row.name} lines={[]} />} />);
    const surface = container.querySelector('svg.chart-surface')!;
    expect(surface.querySelectorAll('path.chart-bar')).toHaveLength(2);
    expect(screen.getByText('Apple Pay via Str…')).toBeTruthy();
    fireEvent.mouseMove(surface, { clientX: 200, clientY: 150 });
    expect(screen.getByText('Card', { selector: 'p' })).toBeTruthy();
  });
});

describe('Donut', () => {
  it('draws a slice per status and shows the hovered one', () => {
    const rows = [
      { name: 'Completed', value: 30, color: 'var(--chart-1)' },
      { name: 'Failed', value: 10, color: 'var(--chart-2)' },
    ];
    const { container } = render(<Donut data={rows} tooltip={(row) => <TooltipBox heading={row.name} lines={[]} />} />);
    const slices = container.querySelectorAll('svg.chart-surface path.chart-slice');
    expect(slices).toHaveLength(2);
    fireEvent.mouseMove(slices[1]!, { clientX: 100, clientY: 100 });
    expect(screen.getByText('Failed', { selector: 'p' })).toBeTruthy();
  });
});
