// Dashboard range and currency live in the URL (STYLE rule 11).
import { oneOf, REPORT_CURRENCIES, type ReportCurrency } from '@/lib/url-choices';

export const DASHBOARD_RANGES = ['day', 'week', 'month', 'quarter', 'year', 'custom'] as const;
export type DashboardRangeChoice = (typeof DASHBOARD_RANGES)[number];

export interface DashboardParams {
  range: DashboardRangeChoice;
  currency: ReportCurrency;
  /** yyyy-mm-dd (UTC days), custom range only. */
  from: string;
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseDashboardParams(params: URLSearchParams): DashboardParams {
  const range = oneOf(DASHBOARD_RANGES, params.get('range'));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
  };
  const from = date('from');
  const to = date('to');
  const custom = range === 'custom' && from !== '' && to !== '' && from <= to;
  return {
    range: custom ? 'custom' : range !== null && range !== 'custom' ? range : 'month',
    currency: oneOf(REPORT_CURRENCIES, params.get('currency')) ?? 'usd',
    from: custom ? from : '',
    to: custom ? to : '',
  };
}

export function dashboardSearchParams(next: DashboardParams): URLSearchParams {
  const params = new URLSearchParams();
  if (next.range !== 'month') params.set('range', next.range);
  if (next.currency !== 'usd') params.set('currency', next.currency);
  if (next.range === 'custom') {
    params.set('from', next.from);
    params.set('to', next.to);
  }
  return params;
}

export function dashboardVariables(state: DashboardParams) {
  return {
    currencyCode: state.currency,
    range: state.range,
    from: state.range === 'custom' ? state.from : null,
    to: state.range === 'custom' ? state.to : null,
  };
}
