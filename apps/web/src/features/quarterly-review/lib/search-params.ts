import { isQuarter, lastEndedQuarter, quarterOf } from '@rampart/shared/analytics';

// The review's quarter, currency and (for staff) account live in the URL (STYLE rule 11), so a review can be shared.

export const REVIEW_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type ReviewCurrency = (typeof REVIEW_CURRENCIES)[number];

export interface ReviewParams {
  /** An ended quarter like 2026-Q3; null for the default (the last ended quarter). */
  quarter: string | null;
  /** Null for the default (the reader's preferred currency). */
  currency: ReviewCurrency | null;
  /** Another account than the selected one (staff open any account's review); null for the selected one. */
  accountId: string | null;
}

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads the URL; a quarter that has not ended yet, or anything malformed, falls back to the default. */
export function parseReviewParams(params: URLSearchParams, today: string): ReviewParams {
  const quarter = params.get('quarter') ?? '';
  const currency = params.get('currency') ?? '';
  const accountId = params.get('accountId') ?? '';
  return {
    // 'YYYY-Qn' strings sort in time order.
    quarter: isQuarter(quarter) && quarter < quarterOf(today) ? quarter : null,
    currency: (REVIEW_CURRENCIES as readonly string[]).includes(currency) ? (currency as ReviewCurrency) : null,
    accountId: ACCOUNT_ID.test(accountId) ? accountId : null,
  };
}

export function reviewSearchParams(next: ReviewParams): URLSearchParams {
  const params = new URLSearchParams();
  if (next.accountId) params.set('accountId', next.accountId);
  if (next.quarter) params.set('quarter', next.quarter);
  if (next.currency) params.set('currency', next.currency);
  return params;
}

/** The quarter shown when the URL names none. */
export function defaultQuarter(today: string): string {
  return lastEndedQuarter(today);
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
