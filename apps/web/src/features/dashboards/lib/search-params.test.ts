import { describe, expect, it } from 'vitest';
import { dashboardSearchParams, dashboardVariables, parseDashboardParams } from '@/features/dashboards/lib/search-params';

describe('dashboard URL state', () => {
  it('defaults to a month in usd and keeps defaults out of the URL', () => {
    const state = parseDashboardParams(new URLSearchParams(''));
    expect(state).toEqual({ range: 'month', currency: 'usd', from: '', to: '' });
    expect(dashboardSearchParams(state).toString()).toBe('');
  });

  it('round-trips a custom range in gbp', () => {
    const state = parseDashboardParams(new URLSearchParams('range=custom&from=2026-01-01&to=2026-01-31&currency=gbp'));
    expect(state).toEqual({ range: 'custom', currency: 'gbp', from: '2026-01-01', to: '2026-01-31' });
    expect(dashboardSearchParams(state).toString()).toBe('range=custom&currency=gbp&from=2026-01-01&to=2026-01-31');
    expect(dashboardVariables(state)).toEqual({ currencyCode: 'gbp', range: 'custom', from: '2026-01-01', to: '2026-01-31' });
  });

  it('falls back to a month when a custom range is incomplete or reversed', () => {
    expect(parseDashboardParams(new URLSearchParams('range=custom&from=2026-02-01')).range).toBe('month');
    expect(parseDashboardParams(new URLSearchParams('range=custom&from=2026-02-01&to=2026-01-01')).range).toBe('month');
    expect(parseDashboardParams(new URLSearchParams('range=week&currency=jpy'))).toEqual({ range: 'week', currency: 'usd', from: '', to: '' });
  });
});
