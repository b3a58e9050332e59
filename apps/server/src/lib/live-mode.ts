/**
 * Live mode is for verified businesses: one rule, exposed as Account.canUseLiveMode for the dashboard and checked by
 * every live-mode write the server refuses otherwise (live webhooks here; live keys, signed URLs and integration URLs
 * in the developers module), so the UI and the server cannot disagree.
 */
export function canUseLiveMode(account: { isVerified: boolean } | null | undefined): boolean {
  return account?.isVerified === true;
}

export const LIVE_WEBHOOKS_NEED_VERIFICATION =
  'Live webhooks need a verified business: finish the business verification (On-ramp → Business verification) first.';
