// The request log's filters live in the URL (STYLE.md rule 11): key, method, status class, path prefix, date range.

export const LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const LOG_STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;
export type LogStatusClass = (typeof LOG_STATUS_CLASSES)[number];
export const LOG_PAGE_SIZE = 50;

export interface RequestLogFilters {
  key: string;
  method: string;
  status: LogStatusClass | '';
  path: string;
  /** Calendar days (yyyy-mm-dd) in the reader's time zone; both inclusive. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KEYS: Array<keyof RequestLogFilters> = ['key', 'method', 'status', 'path', 'from', 'to'];

export function parseRequestLogFilters(params: URLSearchParams): RequestLogFilters {
  const text = (key: string, max = 100) => (params.get(key) ?? '').trim().slice(0, max);
  const method = text('method').toUpperCase();
  const status = text('status');
  return {
    key: /^[0-9a-f-]{36}$/i.test(text('key')) ? text('key') : '',
    method: (LOG_METHODS as readonly string[]).includes(method) ? method : '',
    status: (LOG_STATUS_CLASSES as readonly string[]).includes(status) ? (status as LogStatusClass) : '',
    path: text('path', 200),
    from: DAY.test(text('from')) ? text('from') : '',
    to: DAY.test(text('to')) ? text('to') : '',
  };
}

/** Writes the filters over `base`; empty values are left out. */
export function requestLogFiltersToSearchParams(filters: RequestLogFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of KEYS) {
    params.delete(key);
    if (filters[key]) params.set(key, filters[key]);
  }
  return params;
}

/** Local midnight of a yyyy-mm-dd day, plus `days`. */
function localDay(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days).toISOString();
}

const STATUS_ENUM = { '2xx': 'Success', '4xx': 'ClientError', '5xx': 'ServerError' } as const;

/** The apiRequests variables for the filters: days become the reader's local midnights, `to` the end of its day. */
export function requestLogQueryVariables(accountId: string, liveMode: boolean, filters: RequestLogFilters) {
  return {
    accountId,
    liveMode,
    apiKeyId: filters.key || null,
    method: filters.method || null,
    statusClass: filters.status ? STATUS_ENUM[filters.status] : null,
    pathPrefix: filters.path || null,
    from: filters.from ? localDay(filters.from) : null,
    to: filters.to ? localDay(filters.to, 1) : null,
    first: LOG_PAGE_SIZE,
  };
}
