// The delivery log's state lives in the URL (STYLE.md rule 11): endpoint, event type, outcome and page.

export const DELIVERY_PAGE_SIZE = 20;
export const DELIVERY_OUTCOMES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export interface DeliveryFilters {
  endpoint: string;
  eventType: string;
  outcome: DeliveryOutcome | '';
  /** 1-based. */
  page: number;
}

const KEYS = { endpoint: 'endpoint', eventType: 'event', outcome: 'outcome', page: 'page' } as const;

export function parseDeliveryFilters(params: URLSearchParams): DeliveryFilters {
  const text = (key: string) => (params.get(key) ?? '').trim().slice(0, 100);
  const outcome = text(KEYS.outcome);
  const page = Number.parseInt(text(KEYS.page), 10);
  return {
    endpoint: text(KEYS.endpoint),
    eventType: /^[a-z_]+$/.test(text(KEYS.eventType)) ? text(KEYS.eventType) : '',
    outcome: (DELIVERY_OUTCOMES as readonly string[]).includes(outcome) ? (outcome as DeliveryOutcome) : '',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** Writes the filters over `base`; empty values and page 1 are left out. */
export function deliveryFiltersToSearchParams(filters: DeliveryFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const [field, key] of Object.entries(KEYS) as [keyof DeliveryFilters, string][]) {
    params.delete(key);
    const value = filters[field];
    if (field === 'page') {
      if (typeof value === 'number' && value > 1) params.set(key, String(value));
    } else if (typeof value === 'string' && value) {
      params.set(key, value);
    }
  }
  return params;
}

export function deliveryQueryVariables(id: string, filters: DeliveryFilters) {
  return {
    id,
    eventType: filters.eventType || null,
    outcome: filters.outcome || null,
    skip: (filters.page - 1) * DELIVERY_PAGE_SIZE,
    take: DELIVERY_PAGE_SIZE,
  };
}
