import { PRODUCTS } from '@rampart/shared/enums';
import type { RampProduct, ReviewStatusValue } from '@/gql/graphql';

// The queue's filters and page live in the URL (STYLE rule 11): a filtered queue can be shared and survives a reload.
// Anything a hand-edited URL gets wrong falls back to "no filter" instead of an error from the server.

export const REVIEW_STATUSES: readonly ReviewStatusValue[] = ['NotStarted', 'Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected'];
/** A KYB application can also be a draft (In progress); a go-live request cannot. */
export const KYB_REVIEW_STATUSES: readonly ReviewStatusValue[] = ['NotStarted', 'Draft', 'Pending', 'InProgress', 'OnHold', 'Approved', 'Rejected'];
export const RAMP_PRODUCTS: readonly RampProduct[] = ['OnRamp', 'OffRamp', 'Swaps', 'NftCheckout'];
export const QUEUE_PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_TAKE = 25;
/** "Submitted more than N days ago" choices. */
export const AGE_DAYS = [1, 3, 7, 14, 30] as const;

export interface ApplicationFilters {
  statuses: ReviewStatusValue[];
  /** ISO 3166-1 alpha-2, or '' for any. */
  country: string;
  /** A product interest from onboarding (shared PRODUCTS), or ''. */
  product: string;
  /** Submitted at least this many days ago; null for any age. */
  ageDays: number | null;
  /** Organization name. */
  search: string;
  skip: number;
  take: number;
}

export interface GoLiveFilters {
  statuses: ReviewStatusValue[];
  product: RampProduct | '';
  skip: number;
  take: number;
}

export const NO_APPLICATION_FILTERS: ApplicationFilters = { statuses: [], country: '', product: '', ageDays: null, search: '', skip: 0, take: DEFAULT_TAKE };
export const NO_GO_LIVE_FILTERS: GoLiveFilters = { statuses: [], product: '', skip: 0, take: DEFAULT_TAKE };

function parseStatuses(raw: string | null, statuses: readonly ReviewStatusValue[]): ReviewStatusValue[] {
  const chosen = new Set((raw ?? '').split(',').map((value) => value.trim()));
  // In the table's order, so the same choice always reads the same.
  return statuses.filter((status) => chosen.has(status));
}

function parseTake(raw: string | null): number {
  const take = Number(raw);
  return (QUEUE_PAGE_SIZES as readonly number[]).includes(take) ? take : DEFAULT_TAKE;
}

/** A whole page's offset: a skip between pages snaps back to the start of its page. */
function parseSkip(raw: string | null, take: number): number {
  if (!raw || !/^\d{1,7}$/.test(raw)) return 0;
  return Math.floor(Number(raw) / take) * take;
}

export function parseApplicationFilters(params: URLSearchParams): ApplicationFilters {
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const product = (params.get('product') ?? '').trim();
  const age = params.get('age') ?? '';
  const ageDays = /^\d{1,3}$/.test(age) && Number(age) >= 1 ? Number(age) : null;
  const take = parseTake(params.get('take'));
  return {
    statuses: parseStatuses(params.get('status'), KYB_REVIEW_STATUSES),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    product: (PRODUCTS as readonly string[]).includes(product) ? product : '',
    ageDays,
    search: (params.get('q') ?? '').trim().slice(0, 200),
    skip: parseSkip(params.get('skip'), take),
    take,
  };
}

export function applicationFiltersToSearchParams(filters: ApplicationFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.statuses.length) params.set('status', filters.statuses.join(','));
  if (filters.country) params.set('country', filters.country);
  if (filters.product) params.set('product', filters.product);
  if (filters.ageDays) params.set('age', String(filters.ageDays));
  if (filters.search) params.set('q', filters.search);
  if (filters.skip > 0) params.set('skip', String(filters.skip));
  if (filters.take !== DEFAULT_TAKE) params.set('take', String(filters.take));
  return params;
}

/** The query's variables; `now` is when "N days ago" is counted from. */
export function applicationQueryVariables(filters: ApplicationFilters, now: Date = new Date()) {
  return {
    status: filters.statuses.length ? filters.statuses : null,
    country: filters.country || null,
    product: filters.product || null,
    submittedBefore: filters.ageDays ? new Date(now.getTime() - filters.ageDays * 86_400_000).toISOString() : null,
    search: filters.search || null,
    skip: filters.skip,
    take: filters.take,
  };
}

export function hasApplicationFilters(filters: ApplicationFilters): boolean {
  return Boolean(filters.statuses.length || filters.country || filters.product || filters.ageDays || filters.search);
}

export function parseGoLiveFilters(params: URLSearchParams): GoLiveFilters {
  const product = params.get('product') ?? '';
  const take = parseTake(params.get('take'));
  return {
    statuses: parseStatuses(params.get('status'), REVIEW_STATUSES),
    product: (RAMP_PRODUCTS as readonly string[]).includes(product) ? (product as RampProduct) : '',
    skip: parseSkip(params.get('skip'), take),
    take,
  };
}

export function goLiveFiltersToSearchParams(filters: GoLiveFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.statuses.length) params.set('status', filters.statuses.join(','));
  if (filters.product) params.set('product', filters.product);
  if (filters.skip > 0) params.set('skip', String(filters.skip));
  if (filters.take !== DEFAULT_TAKE) params.set('take', String(filters.take));
  return params;
}

export function goLiveQueryVariables(filters: GoLiveFilters) {
  return { status: filters.statuses.length ? filters.statuses : null, product: filters.product || null, skip: filters.skip, take: filters.take };
}

/** Whole days between two instants, for the queue's age column. */
export function ageInDays(since: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 86_400_000));
}
