import crypto from 'node:crypto';
import { isUuid } from '../uuid.ts';

/**
 * Opaque list cursors of the public API (`starting_after` / `ending_before`): a position in the list's index order
 * (created_at desc, id desc), nothing else. The cursor names no account or mode — the request's key scopes the query —
 * so another account's cursor is only a position in this account's list.
 *
 * Format (version 1), base64url without padding, 39 characters:
 *   1 byte version (1) | 8 bytes created_at as microseconds since 1970 (signed, big-endian) | 16 bytes id |
 *   4 bytes check (the first bytes of SHA-256 of what precedes).
 * The check catches a cursor cut short or edited by hand; it is not a signature (nothing depends on the cursor being
 * secret). Microseconds: PostgreSQL keeps them and a JS Date does not, so the key is read from the database as
 * microseconds (see CURSOR_MICROS_SQL) — with milliseconds, rows within one millisecond would be skipped or repeated.
 */

/** A position in the list: the row's created_at in microseconds since 1970 and its id. */
export interface CursorPosition {
  createdAtMicros: bigint;
  id: string;
}

/** Rows of a cursor page carry their exact position under this key (a symbol: it never reaches a JSON body). */
export const CURSOR_POSITION = Symbol('cursor position');
export type WithCursorPosition = { [CURSOR_POSITION]: CursorPosition };

/** SQL (for alias t) reading a row's created_at as exact microseconds, as text (PostgreSQL 14+: extract gives numeric). */
export const CURSOR_MICROS_SQL = `(extract(epoch from t.created_at) * 1000000)::int8::text`;

const VERSION = 1;
const BYTES = 1 + 8 + 16 + 4;
/** 0001-01-01 to 9999-12-31: what timestamptz text and a JS Date both hold. */
const MIN_MICROS = -62_135_596_800_000_000n;
const MAX_MICROS = 253_402_300_799_999_999n;

export type CursorParam = 'starting_after' | 'ending_before';

/** A cursor that is not one this API returned (or a wrong combination): the route answers 400 `cursor_invalid`. */
export class CursorError extends Error {
  readonly code = 'cursor_invalid';
  readonly type = 'invalid_request_error';
  readonly status = 400;
  constructor(
    readonly param: CursorParam | 'offset',
    message: string,
  ) {
    super(message);
    this.name = 'CursorError';
  }
}

function check(bytes: Buffer): Buffer {
  return crypto.createHash('sha256').update(bytes).digest().subarray(0, 4);
}

/** The cursor of a row of a cursor page (or of a position). */
export function encodeCursor(row: CursorPosition | WithCursorPosition): string {
  const position = CURSOR_POSITION in row ? row[CURSOR_POSITION] : row;
  const { createdAtMicros, id } = position;
  if (createdAtMicros < MIN_MICROS || createdAtMicros > MAX_MICROS) throw new RangeError('created_at out of range for a cursor');
  if (!isUuid(id)) throw new RangeError('a cursor id is a uuid');
  const bytes = Buffer.alloc(BYTES);
  bytes.writeUInt8(VERSION, 0);
  bytes.writeBigInt64BE(createdAtMicros, 1);
  Buffer.from(id.replaceAll('-', ''), 'hex').copy(bytes, 9);
  check(bytes.subarray(0, 25)).copy(bytes, 25);
  return bytes.toString('base64url');
}

/** The position of a cursor; throws CursorError (naming `param`) for anything this API did not produce. */
export function decodeCursor(text: unknown, param: CursorParam = 'starting_after'): CursorPosition {
  const invalid = () =>
    new CursorError(param, `${param} is not a cursor this API returned: pass the next_cursor or previous_cursor of a list response as it is.`);
  if (typeof text !== 'string' || text.length !== Math.ceil((BYTES * 4) / 3) || !/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  const bytes = Buffer.from(text, 'base64url');
  // Decoding ignores stray bits; the round trip must give back the very text.
  if (bytes.length !== BYTES || bytes.toString('base64url') !== text) throw invalid();
  if (bytes.readUInt8(0) !== VERSION) throw invalid();
  if (!crypto.timingSafeEqual(check(bytes.subarray(0, 25)), bytes.subarray(25))) throw invalid();
  const createdAtMicros = bytes.readBigInt64BE(1);
  if (createdAtMicros < MIN_MICROS || createdAtMicros > MAX_MICROS) throw invalid();
  const hex = bytes.subarray(9, 25).toString('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { createdAtMicros, id };
}

/** A position's created_at as ISO-8601 text with all six fractional digits, exact for `::timestamptz`. */
export function microsToIso(micros: bigint): string {
  let ms = micros / 1000n;
  let rest = micros % 1000n;
  if (rest < 0n) {
    rest += 1000n;
    ms -= 1n;
  }
  const iso = new Date(Number(ms)).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ (years 0001–9999)
  return `${iso.slice(0, 23)}${rest.toString().padStart(3, '0')}Z`;
}
