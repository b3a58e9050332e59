import { sql, type SQL } from 'drizzle-orm';

// Prefix search a text_pattern_ops index serves: transactions' and customers' search, the back office's customer search.

/**
 * The smallest string above every string that starts with `prefix`, in the byte order of text_pattern_ops (UTF-8 byte
 * order is code point order): the prefix with its last code point incremented, skipping the surrogate range; when the
 * last is U+10FFFF it is dropped and the one before incremented. Null when there is no such string (no upper bound).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix, (character) => character.codePointAt(0)!);
  while (points.length) {
    let last = points.pop()! + 1;
    if (last >= 0xd800 && last <= 0xdfff) last = 0xe000;
    if (last <= 0x10ffff) return String.fromCodePoint(...points, last);
  }
  return null;
}

/**
 * `column` equal to the value, or starting with it as an explicit range the text_pattern_ops indexes serve with bind
 * parameters (LIKE 'abc%' is only turned into a range for a plan-time constant). No escaping: % and _ are literal.
 */
export function matches(column: SQL, term: { kind: 'prefix' | 'exact'; value: string }): SQL {
  if (term.kind === 'exact') return sql`${column} = ${term.value}`;
  const upper = prefixUpperBound(term.value);
  return upper === null ? sql`${column} ~>=~ ${term.value}` : sql`(${column} ~>=~ ${term.value} and ${column} ~<~ ${upper})`;
}
