import { sql, type SQL } from 'drizzle-orm';
import { MIN_PREFIX_LENGTH, searchLength } from '@rampart/shared/search';
import { matches } from '../../lib/prefix-search.ts';
import { isUuid } from '../../lib/uuid.ts';

/** Search by the start of a value from MIN_PREFIX_LENGTH characters (see @rampart/shared/search); shorter: whole values. */
export { MIN_PREFIX_LENGTH };

/** What a search term asks for: one id, or values starting with it (long enough) or equal to it. */
export type SearchTerm = { kind: 'id'; id: string } | { kind: 'prefix' | 'exact'; value: string };

export function searchTermOf(raw: string | null | undefined): SearchTerm | null {
  const value = raw?.trim();
  if (!value) return null;
  if (isUuid(value)) return { kind: 'id', id: value.toLowerCase() };
  return { kind: searchLength(value) >= MIN_PREFIX_LENGTH ? 'prefix' : 'exact', value };
}

/** The same for e-mails, compared in lower case (the index is on lower(email)). */
export function emailMatches(column: SQL, term: { kind: 'prefix' | 'exact'; value: string }): SQL {
  return matches(sql`lower(${column})`, { kind: term.kind, value: term.value.toLowerCase() });
}
