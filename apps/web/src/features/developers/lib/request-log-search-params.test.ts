import { describe, expect, it } from 'vitest';
import { parseRequestLogFilters, requestLogFiltersToSearchParams, requestLogQueryVariables } from './request-log-search-params';

describe('request log filters in the URL', () => {
  it('keeps valid values and drops the rest', () => {
    const filters = parseRequestLogFilters(new URLSearchParams('key=not-a-key&method=get&status=3xx&path=/v1/cus&from=2026-11-01&to=yesterday'));
    expect(filters).toEqual({ key: '', method: 'GET', status: '', path: '/v1/cus', from: '2026-11-01', to: '' });
  });

  it('round-trips and leaves other parameters alone', () => {
    const filters = {
      key: '0b1c2d3e-0000-4000-8000-000000000001',
      method: 'POST',
      status: '4xx',
      path: '/v1/test',
      from: '2026-11-01',
      to: '2026-11-02',
    } as const;
    const params = requestLogFiltersToSearchParams(filters, new URLSearchParams('tab=x'));
    expect(params.get('tab')).toBe('x');
    expect(parseRequestLogFilters(params)).toEqual(filters);
    expect(requestLogFiltersToSearchParams({ ...filters, method: '', path: '' }).has('method')).toBe(false);
  });

  it('turns days into the reader’s local midnights, the end day inclusive', () => {
    const variables = requestLogQueryVariables('a', false, { key: '', method: '', status: '4xx', path: '', from: '2026-11-01', to: '2026-11-02' });
    expect(variables.statusClass).toBe('ClientError');
    expect(new Date(variables.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(variables.to!).getTime()).toBe(new Date(2026, 10, 3).getTime());
    expect(variables.apiKeyId).toBeNull();
  });
});
