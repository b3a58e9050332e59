import { MIN_PREFIX_LENGTH, searchLength } from '@rampart/shared/search';

/** What the list searches look in; the server matches the start of each (apps/server/src/modules/transactions/search.ts). */
export const TRANSACTION_SEARCH_PLACEHOLDER = 'E-mail, external id or wallet address — the start is enough';
export const CUSTOMER_SEARCH_PLACEHOLDER = 'E-mail or external id — the start is enough';

/** Under a list searched with a term too short to match by its start: says why little or nothing may show. */
export function ShortSearchHint({ term }: { term: string }) {
  const length = searchLength(term);
  if (length === 0 || length >= MIN_PREFIX_LENGTH) return null;
  return (
    <p role="status" className="text-xs text-muted-foreground">
      Searches shorter than {MIN_PREFIX_LENGTH} characters match whole values only; type {MIN_PREFIX_LENGTH} or more to find values that start with them.
    </p>
  );
}
