// Customer list and profile paging live in the URL (STYLE rule 11): a view can be shared and survives a reload.

export const CUSTOMER_PAGE_SIZES = [20, 50, 100] as const;

export interface CustomerListState {
  q: string;
  /** 1-based. */
  page: number;
  take: number;
}

const positive = (raw: string | null, fallback = 1) => {
  const value = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 100_000) : fallback;
};

export function parseCustomerList(params: URLSearchParams): CustomerListState {
  const take = Number(params.get('take'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: positive(params.get('page')),
    take: (CUSTOMER_PAGE_SIZES as readonly number[]).includes(take) ? take : 20,
  };
}

export function customerListToSearchParams(state: CustomerListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.take !== 20) params.set('take', String(state.take));
  return params;
}

export function customerListVariables(state: CustomerListState) {
  return { searchString: state.q || null, skip: (state.page - 1) * state.take, take: state.take };
}

/** The profile's two paged lists: `tx` and `cards` (1-based pages). */
export const PROFILE_PAGE_SIZE = 10;

export function parseProfilePages(params: URLSearchParams) {
  return { tx: positive(params.get('tx')), cards: positive(params.get('cards')) };
}

export function withProfilePage(params: URLSearchParams, key: 'tx' | 'cards', page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(key, String(page));
  else next.delete(key);
  return next;
}
