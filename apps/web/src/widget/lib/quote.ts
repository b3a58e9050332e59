// When a quote must be asked again: every 30 s while shown, and before paying if it expired.

export const QUOTE_REFRESH_MS = 30_000;
/** A quote this close to its expiry counts as expired: the request would arrive after it. */
export const QUOTE_EXPIRY_MARGIN_MS = 2_000;

export function isQuoteExpired(expiresAt: string, now = Date.now(), marginMs = QUOTE_EXPIRY_MARGIN_MS): boolean {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return true;
  return expires - marginMs <= now;
}

/** Milliseconds until the next refresh: 30 s after it arrived, or just before it expires, whichever is first. */
export function msUntilRefresh(receivedAt: number, expiresAt: string, now = Date.now()): number {
  const expires = Date.parse(expiresAt);
  const byAge = receivedAt + QUOTE_REFRESH_MS;
  const byExpiry = Number.isNaN(expires) ? now : expires - QUOTE_EXPIRY_MARGIN_MS;
  return Math.max(0, Math.min(byAge, byExpiry) - now);
}

/** Whole seconds left, for "Refreshes in 12 s". */
export function secondsLeft(deadline: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}
