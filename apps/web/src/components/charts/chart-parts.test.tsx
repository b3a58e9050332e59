import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisMoney, countAxis, pointTooltip, TooltipBox } from '@/components/charts/chart-parts';

describe('countAxis', () => {
  it('runs from zero to the last tick and labels whole counts short', () => {
    const axis = countAxis([0, 500, 1000, 1500]);
    expect(axis.domain).toEqual([0, 1500]);
    expect(axis.ticks).toEqual([0, 500, 1000, 1500]);
    expect(axis.allowDecimals).toBe(false);
    expect(axis.tickFormatter(1500)).toMatch(/^1\.5K$/);
    expect(axis.tickFormatter(12)).toBe('12');
  });
});

describe('axisMoney', () => {
  it('writes money short, with a decimal only below ten', () => {
    expect(axisMoney(1200, 'usd')).toMatch(/\$1K|\$1\.2K/);
    expect(axisMoney(2.5, 'usd')).toBe('$2.5');
    expect(axisMoney(0, 'eur')).toMatch(/€0/);
  });
});

describe('TooltipBox', () => {
  it('shows the heading and one line per value', () => {
    render(
      <TooltipBox
        heading="Mar 3"
        lines={[
          { label: 'All', value: '12', color: 'var(--chart-1)' },
          { label: 'Completed', value: '9' },
        ]}
      />,
    );
    expect(screen.getByText('Mar 3')).toBeTruthy();
    expect(screen.getByText('All').parentElement?.textContent).toBe('All12');
    expect(screen.getByText('Completed').parentElement?.textContent).toBe('Completed9');
  });
});

describe('pointTooltip', () => {
  const content = pointTooltip<{ label: string; count: number }>((point) => (
    <TooltipBox heading={point.label} lines={[{ label: 'Count', value: String(point.count) }]} />
  ));

  it('draws the hovered point', () => {
    render(<>{content({ active: true, payload: [{ payload: { label: 'Mar 3', count: 4 } }] })}</>);
    expect(screen.getByText('Mar 3')).toBeTruthy();
    expect(screen.getByText('Count').parentElement?.textContent).toBe('Count4');
  });

  it('draws nothing when no point is under the pointer', () => {
    expect(content({ active: false, payload: [{ payload: { label: 'Mar 3', count: 4 } }] })).toBeNull();
    expect(content({ active: true, payload: [] })).toBeNull();
  });
});
