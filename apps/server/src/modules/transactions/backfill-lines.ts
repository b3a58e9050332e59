/**
 * The backfill's check of each history line (backfill.ts), in Node: the same refusals, in the same order, as the
 * ingestion's checks of a transaction, and the line laid out as a row of COPY's text format for the staging table.
 * Pure and synchronous, so worker threads run it (backfill-stage.worker.ts) while the import's thread reads the file.
 */
import { getTableColumns } from 'drizzle-orm';
import { transactions } from '../../db/schema/transactions.ts';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const DECIMAL = /^-?[0-9]{1,30}(\.[0-9]{1,30})?$/;
const TIMESTAMP =
  /^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,9})?)?(Z|[+-]([0-9]{2})(:?([0-9]{2}))?)$/;
const VERSION_MAX = 999_999_999;

type Kind = 'uuid' | 'numeric' | 'boolean' | 'timestamp' | 'integer' | 'jsonb' | 'enum' | 'text';

export interface ColumnSpec {
  key: string;
  column: string;
  kind: Kind;
  enumValues?: readonly string[];
  expected: string;
  required: boolean;
  notNull: boolean;
  hasDefault: boolean;
  default: unknown;
}

/** The kinds of the column types a line checks; any other column is an enum or text. */
const SPEC_OF_COLUMN_TYPE: Record<string, { kind: Kind; expected: string }> = {
  PgUUID: { kind: 'uuid', expected: 'a UUID' },
  PgNumeric: { kind: 'numeric', expected: 'a decimal string such as "12.50"' },
  PgBoolean: { kind: 'boolean', expected: 'true or false' },
  PgTimestamp: { kind: 'timestamp', expected: 'an ISO 8601 time with its offset' },
  PgInteger: { kind: 'integer', expected: 'a whole number' },
  PgJsonb: { kind: 'jsonb', expected: 'an object or an array' },
};

/** The columns a history line may set, from the Drizzle table (camelCase keys, as in the ingestion's events). */
function columnSpecs(): ColumnSpec[] {
  const specs: ColumnSpec[] = [];
  for (const [key, column] of Object.entries(getTableColumns(transactions))) {
    const base = {
      key,
      column: column.name,
      required: key === 'id' || (column.notNull && !column.hasDefault),
      notNull: column.notNull,
      hasDefault: column.hasDefault,
      default: column.default,
    };
    const enumValues = (column as { enumValues?: readonly string[] }).enumValues;
    const spec: { kind: Kind; expected: string; enumValues?: readonly string[] } =
      SPEC_OF_COLUMN_TYPE[column.columnType as string] ??
      (enumValues?.length
        ? { kind: 'enum', enumValues, expected: `one of ${enumValues.join(', ')}` }
        : { kind: 'text', expected: 'a string (at most 2,000 characters)' });
    specs.push({ ...base, ...spec });
  }
  return specs;
}

export const SPECS = columnSpecs();
/** Checked in the table's column order (the first wrong field names the refusal); the version last. */
const CHECKED = SPECS.filter((spec) => spec.key !== 'version');
const VERSION = SPECS.find((spec) => spec.key === 'version')!;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A time PostgreSQL takes as timestamptz: the shape, a day its month has, an offset it accepts. */
function isTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!)) return false;
  if (year === 0) return false;
  if (match[9] !== undefined && Number(match[9]) > 15) return false;
  if (match[11] !== undefined && Number(match[11]) > 59) return false;
  return true;
}

/** Whether a present (non-null) value has the column's shape. */
function fits(spec: ColumnSpec, value: unknown): boolean {
  switch (spec.kind) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'numeric':
      return typeof value === 'string' && DECIMAL.test(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && isTimestamp(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= VERSION_MAX;
    case 'jsonb':
      return typeof value === 'object';
    case 'enum':
      return typeof value === 'string' && spec.enumValues!.includes(value);
    case 'text':
      // PostgreSQL counts characters, JavaScript UTF-16 units: the exact count only when it could matter.
      return typeof value === 'string' && (value.length <= 2000 || [...value].length <= 2000);
  }
}

const COPY_ESCAPE = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const copyText = (value: string) => (COPY_ESCAPE.test(value) ? value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : value);

/** A checked value as COPY's text format writes it. */
function copyValue(spec: ColumnSpec, value: unknown): string {
  if (value === undefined || value === null) return '\\N';
  switch (spec.kind) {
    case 'boolean':
      return value ? 't' : 'f';
    case 'integer':
      return (value as number).toString();
    case 'jsonb':
      return copyText(JSON.stringify(value));
    case 'uuid':
    case 'numeric':
    case 'timestamp':
      return value as string;
    default:
      return copyText(value as string);
  }
}

/** The staging row of one line (tab-separated, COPY text format): its number, its refusal or its columns. */
export function stageLine(n: number, text: string): string | null {
  if (text.trim() === '') return null;
  const refuse = (error: string) => `${n}\t${copyText(error)}${EMPTY_COLUMNS}\n`;
  let event: unknown;
  try {
    // PostgreSQL's text cannot hold NUL, which JSON can escape: such a line is refused as jsonb refused it.
    event = text.includes('\\u0000') ? undefined : JSON.parse(text);
  } catch {
    event = undefined;
  }
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return refuse('the line is not a JSON object');
  const data = (event as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return refuse('data: the transaction (an object) is missing');
  const d = data as Record<string, unknown>;
  let row = `${n}\t\\N`;
  for (const spec of CHECKED) {
    const value = d[spec.key];
    const present = value !== undefined && value !== null;
    if (!present) {
      if (spec.required) return refuse(`data.${spec.key}: required, ${spec.expected}`);
    } else if (!fits(spec, value)) return refuse(`data.${spec.key}: ${spec.expected}`);
    row += `\t${present ? copyValue(spec, value) : '\\N'}`;
  }
  const version = d.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > VERSION_MAX)
    return refuse('data.version: required, a whole number from 1');
  return `${row}\t${version}\n`;
}

/** The staging table's columns after `n` and `error`, in the order stageLine writes them. */
export const STAGED = [...CHECKED, VERSION];
const EMPTY_COLUMNS = '\t\\N'.repeat(STAGED.length);

/**
 * Whole lines (each ending in a newline, but the file's last line may not), numbered from `firstLine`, staged:
 * COPY rows for the lines that are not blank.
 */
export function stageLines(bytes: Uint8Array, firstLine: number): Buffer {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let rows = '';
  let n = firstLine;
  let position = 0;
  while (position < buffer.length) {
    let newline = buffer.indexOf(10, position);
    if (newline === -1) newline = buffer.length;
    const row = stageLine(n, buffer.toString('utf8', position, newline));
    if (row !== null) rows += row;
    n += 1;
    position = newline + 1;
  }
  return Buffer.from(rows);
}
