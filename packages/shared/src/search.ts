/**
 * Search by the start of a value (e-mail, external ids, wallet address) from this many characters; shorter terms
 * match whole values only: a one- or two-character prefix matches a large share of an account's rows.
 */
export const MIN_PREFIX_LENGTH = 3;

/** Characters as people count them (code points), for the minimum above. */
export function searchLength(term: string): number {
  return Array.from(term.trim()).length;
}
