/**
 * The backfill of `npm run import` (issue 34): years of history from an NDJSON file (gzip or not), one transaction
 * event per line, COPY'd chunk by chunk into an UNLOGGED staging table, then merged into `transactions` by one
 * set-based statement per chunk with the ingestion's version rule (a stored version is never overwritten by an older
 * or equal one). Each chunk's merge commits with the import's progress (bytes and lines done), so an import stopped at
 * any point resumes after its last merged chunk; the rollups of the accounts it touched are rebuilt once at the end.
 * Memory stays bounded: Node only moves bytes and counts newlines; PostgreSQL parses and checks the JSON.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { getTableColumns } from 'drizzle-orm';
import { transactions } from '../../db/schema/transactions.ts';
import { rebuildRollups } from './rollups.ts';

export interface BackfillOptions {
  file: string;
  /** Lines per chunk: one COPY and one merge transaction each. */
  chunkLines?: number;
  log?: (line: string) => void;
  /** Called after each chunk commits (tests stop an import here, as a crash would). */
  afterChunk?: (progress: BackfillProgress) => void | Promise<void>;
}

export interface BackfillProgress {
  importId: string;
  bytesDone: number;
  linesDone: number;
  merged: number;
  stale: number;
  refused: number;
  state: 'copying' | 'rollups' | 'done';
  resumed: boolean;
}

export const BACKFILL_CHUNK_LINES = 200_000;
/** Refusals kept per import (they are all counted). */
const MAX_REFUSALS_KEPT = 10_000;
/** Any number: only one import runs at a time. */
const IMPORT_LOCK = 0x1_34_bf;

// --- Checking each line in SQL ---------------------------------------------------------------------------------------

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;
const DECIMAL = `'^-?[0-9]{1,30}(\\.[0-9]{1,30})?$'`;
const TIMESTAMP = `'^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)$'`;

interface ColumnSpec {
  key: string;
  column: string;
  /** The SQL value for the insert, from the line's `data` (d). */
  value: string;
  /** A condition true when a present value is of the wrong shape, and the words for it. */
  wrong: string;
  expected: string;
  required: boolean;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The columns a history line may set, from the Drizzle table (camelCase keys, as in the ingestion's events). */
function columnSpecs(): ColumnSpec[] {
  const specs: ColumnSpec[] = [];
  for (const [key, column] of Object.entries(getTableColumns(transactions))) {
    const field = `d->'${key}'`;
    const text = `(d->>'${key}')`;
    const is = (type: string) => `jsonb_typeof(${field}) = '${type}'`;
    const base = { key, column: column.name, required: key === 'id' || (column.notNull && !column.hasDefault) };
    let spec: Omit<ColumnSpec, keyof typeof base>;
    switch (column.columnType as string) {
      case 'PgUUID':
        spec = { value: `${text}::uuid`, wrong: `not (${is('string')} and ${text} ~ ${UUID})`, expected: 'a UUID' };
        break;
      case 'PgNumeric':
        spec = { value: `${text}::numeric`, wrong: `not (${is('string')} and ${text} ~ ${DECIMAL})`, expected: 'a decimal string such as "12.50"' };
        break;
      case 'PgBoolean':
        spec = { value: `(${field})::boolean`, wrong: `not ${is('boolean')}`, expected: 'true or false' };
        break;
      case 'PgTimestamp':
        spec = { value: `${text}::timestamptz`, wrong: `not (${is('string')} and ${text} ~ ${TIMESTAMP})`, expected: 'an ISO 8601 time with its offset' };
        break;
      case 'PgInteger':
        spec = { value: `${text}::integer`, wrong: `not (${is('number')} and ${text} ~ '^[0-9]{1,9}$')`, expected: 'a whole number' };
        break;
      case 'PgJsonb':
        spec = { value: field, wrong: `not (${is('object')} or ${is('array')})`, expected: 'an object or an array' };
        break;
      default: {
        const values = (column as { enumValues?: readonly string[] }).enumValues;
        spec = values?.length
          ? { value: text, wrong: `not (${is('string')} and ${text} in (${values.map(literal).join(', ')}))`, expected: `one of ${values.join(', ')}` }
          : { value: text, wrong: `not (${is('string')} and length(${text}) <= 2000)`, expected: 'a string (at most 2,000 characters)' };
      }
    }
    specs.push({ ...base, ...spec });
  }
  return specs;
}

/** The merge of one staged chunk: refusals recorded, the newest version of each transaction merged, counts returned. */
function mergeSql(parse: 'cast' | 'safe'): string {
  const specs = columnSpecs();
  const present = (key: string) => `coalesce(jsonb_typeof(d->'${key}'), 'null') <> 'null'`;
  const checks = [
    `when e is null then 'the line is not a JSON object'`,
    `when jsonb_typeof(e->'data') is distinct from 'object' then 'data: the transaction (an object) is missing'`,
    ...specs
      .filter((spec) => spec.key !== 'version')
      .flatMap((spec) => [
        ...(spec.required ? [`when not ${present(spec.key)} then ${literal(`data.${spec.key}: required, ${spec.expected}`)}`] : []),
        `when ${present(spec.key)} and ${spec.wrong} then ${literal(`data.${spec.key}: ${spec.expected}`)}`,
      ]),
    `when not ${present('version')} or not (jsonb_typeof(d->'version') = 'number' and (d->>'version') ~ '^[1-9][0-9]{0,8}$') then 'data.version: required, a whole number from 1'`,
    `when not exists (select 1 from accounts a where a.id = (d->>'accountId')::uuid) then 'data.accountId: no such account'`,
    // A transaction never moves to another account or mode.
    `when exists (select 1 from transactions t where t.id = (d->>'id')::uuid and (t.account_id <> (d->>'accountId')::uuid or t.live_mode <> (d->'liveMode')::boolean)) then 'data.accountId: the transaction belongs to another account or mode'`,
  ];
  // Defaults of columns a line may leave out; updatedAt defaults to createdAt (the time of the version).
  const valueOf = (spec: ColumnSpec): string => {
    if (spec.key === 'customerId') {
      // A customer not (yet) in Rampart, or another account's, is not linked; externalCustomerId still names it.
      return `(select c.id from customers c where c.id = (d->>'customerId')::uuid and c.account_id = (d->>'accountId')::uuid)`;
    }
    if (spec.key === 'updatedAt') return `coalesce(${spec.value}, (d->>'createdAt')::timestamptz)`;
    if (spec.key === 'createdAt') return spec.value;
    const column = getTableColumns(transactions)[spec.key as keyof ReturnType<typeof getTableColumns<typeof transactions>>];
    if (column?.notNull && column.hasDefault && column.default !== undefined) {
      const fallback =
        typeof column.default === 'string'
          ? literal(column.default)
          : Array.isArray(column.default)
            ? `'[]'::jsonb`
            : typeof column.default === 'boolean' || typeof column.default === 'number'
              ? String(column.default)
              : null;
      if (fallback) return `coalesce(${spec.value}, ${fallback})`;
    }
    return spec.value;
  };
  const insertable = specs.filter((spec) => spec.key !== 'id');
  const parseExpr = parse === 'cast' ? 'doc::jsonb' : 'backfill_parse_jsonb(doc)';
  return `
    -- MATERIALIZED: each line is parsed once (inlined, every d->'field' below would parse the text again).
    with parsed as materialized (
      select n, ${parseExpr} as e from backfill_staging where doc is not null and btrim(doc) <> ''
    ), lines as materialized (
      select n, e, e->'data' as d from (select n, case when jsonb_typeof(e) = 'object' then e end as e from parsed) p
    ), checked as materialized (
      select n, d, case
        ${checks.join('\n        ')}
        else null end as error
      from lines
    ), refused as (
      insert into backfill_refusals (import_id, line, error)
      select $1, $2::bigint + n - 1, error from checked
      where error is not null and $3::bigint + n <= ${MAX_REFUSALS_KEPT}
      returning 1
    ), latest as (
      select distinct on ((d->>'id')::uuid) d from checked where error is null
      order by (d->>'id')::uuid, (d->>'version')::integer desc
    ), merged as (
      insert into transactions (id, ${insertable.map((spec) => spec.column).join(', ')})
      select (d->>'id')::uuid, ${insertable.map(valueOf).join(', ')}
      from latest
      on conflict (id) do update set ${insertable
        .filter((spec) => !['accountId', 'liveMode'].includes(spec.key))
        .map((spec) => `${spec.column} = excluded.${spec.column}`)
        .join(', ')}
      -- The version rule (the ingestion's): an older or equal version never overwrites.
      where transactions.version < excluded.version and transactions.account_id = excluded.account_id and transactions.live_mode = excluded.live_mode
      returning account_id
    )
    select (select count(*) from checked where error is not null)::int as refused,
           (select count(*) from checked where error is null)::int as valid,
           (select count(*) from merged)::int as merged,
           (select count(*) from refused)::int as kept,
           array(select distinct account_id from merged)::text[] as accounts`;
}

// --- Reading the file ------------------------------------------------------------------------------------------------

/** The file's identity for resuming: its name, its size and the SHA-256 of its first MiB. */
async function fingerprint(file: string): Promise<{ fingerprint: string; bytes: number }> {
  const { size } = await fs.promises.stat(file);
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 1 << 20));
    await handle.read(head, 0, head.length, 0);
    return { fingerprint: `${path.basename(file)}:${size}:${crypto.createHash('sha256').update(head).digest('hex')}`, bytes: size };
  } finally {
    await handle.close();
  }
}

/** The file's (uncompressed) bytes from `offset` on: a plain file is read from there, a gzip one inflated up to it. */
async function* bytesFrom(file: string, offset: number): AsyncGenerator<Buffer> {
  const gzip = file.endsWith('.gz');
  const raw = fs.createReadStream(file, { start: gzip ? 0 : offset, highWaterMark: 1 << 20 });
  const stream: Readable = gzip ? raw.pipe(zlib.createGunzip({ chunkSize: 1 << 20 })) : raw;
  let skip = gzip ? offset : 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
}

/** Lines from a byte iterator, `limit` at a time, as raw bytes (the last line may lack its newline). */
class ChunkReader {
  private carry: Buffer | null = null;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** Up to `limit` lines, yielded as byte slices for COPY; `counts` holds what was read once the iterator ends. */
  async *take(limit: number, counts: { lines: number; bytes: number }): AsyncGenerator<Buffer> {
    while (counts.lines < limit) {
      let buffer = this.carry;
      this.carry = null;
      if (!buffer) {
        if (this.done) return;
        const next = await this.source.next();
        if (next.done) {
          this.done = true;
          return;
        }
        buffer = next.value;
      }
      let position = 0;
      while (counts.lines < limit) {
        const newline = buffer.indexOf(10, position);
        if (newline === -1) break;
        counts.lines += 1;
        position = newline + 1;
      }
      if (counts.lines >= limit) {
        if (position < buffer.length) this.carry = buffer.subarray(position);
        buffer = buffer.subarray(0, position);
      } else if (position < buffer.length) {
        // A line runs on into the next buffer: it counts once its newline (or the end of the file) is read.
        const next = await this.peekLastLine();
        if (next === 'end') counts.lines += 1;
      }
      counts.bytes += buffer.length;
      if (buffer.length > 0) yield buffer;
    }
  }

  private async peekLastLine(): Promise<'more' | 'end'> {
    const next = await this.source.next();
    if (next.done) {
      this.done = true;
      return 'end';
    }
    this.carry = next.value;
    return 'more';
  }

  get finished(): boolean {
    return this.done && this.carry === null;
  }
}

// --- The import ------------------------------------------------------------------------------------------------------

/** Imports (or resumes importing) a history file; returns the final progress. */
export async function runBackfill(pool: pg.Pool, options: BackfillOptions): Promise<BackfillProgress> {
  const log = options.log ?? (() => {});
  const chunkLines = options.chunkLines ?? BACKFILL_CHUNK_LINES;
  const { fingerprint: print, bytes: fileBytes } = await fingerprint(options.file);
  const client = await pool.connect();
  try {
    const locked = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [IMPORT_LOCK]);
    if (!locked.rows[0]!.ok) throw new BackfillError('another import is running against this database; wait for it to finish');
    try {
      const existing = await client.query<Record<string, unknown>>(`select * from backfill_imports where fingerprint = $1`, [print]);
      let row = existing.rows[0];
      const resumed = Boolean(row);
      if (!row) {
        row = (
          await client.query<Record<string, unknown>>(`insert into backfill_imports (file_name, fingerprint, file_bytes) values ($1, $2, $3) returning *`, [
            path.basename(options.file),
            print,
            fileBytes,
          ])
        ).rows[0]!;
      }
      const progress: BackfillProgress = {
        importId: row.id as string,
        bytesDone: Number(row.bytes_done),
        linesDone: Number(row.lines_done),
        merged: Number(row.merged),
        stale: Number(row.stale),
        refused: Number(row.refused),
        state: row.state as BackfillProgress['state'],
        resumed,
      };
      if (progress.state === 'done') {
        log(`${path.basename(options.file)} was imported already (${progress.linesDone.toLocaleString('en')} lines); nothing to do.`);
        return progress;
      }
      if (resumed)
        log(`Resuming ${path.basename(options.file)} after line ${progress.linesDone.toLocaleString('en')} (byte ${progress.bytesDone.toLocaleString('en')}).`);
      const started = Date.now();
      if (progress.state === 'copying') {
        const reader = new ChunkReader(bytesFrom(options.file, progress.bytesDone)[Symbol.asyncIterator]());
        const linesAtStart = progress.linesDone;
        while (!reader.finished) {
          const counts = { lines: 0, bytes: 0 };
          await client.query('truncate backfill_staging restart identity');
          // CSV with quote and delimiter bytes JSON never holds unescaped: each line arrives as one text value, verbatim.
          const copy = client.query(copyStreams.from(`copy backfill_staging (doc) from stdin with (format csv, quote e'\\x01', delimiter e'\\x02')`));
          await pipeline(Readable.from(reader.take(chunkLines, counts)), copy);
          if (counts.lines === 0) break;
          await mergeChunk(client, progress, counts);
          const seconds = (Date.now() - started) / 1000;
          const rate = Math.round((progress.linesDone - linesAtStart) / Math.max(seconds, 0.001));
          const percent = fileBytes > 0 && !options.file.endsWith('.gz') ? ` (${((100 * progress.bytesDone) / fileBytes).toFixed(1)}%)` : '';
          log(
            `  ${progress.linesDone.toLocaleString('en')} lines${percent}: ${progress.merged.toLocaleString('en')} merged, ${progress.stale.toLocaleString('en')} stale, ${progress.refused.toLocaleString('en')} refused; ${rate.toLocaleString('en')} lines/s`,
          );
          await options.afterChunk?.({ ...progress });
        }
        await client.query(`update backfill_imports set state = 'rollups', updated_at = now() where id = $1`, [progress.importId]);
        await client.query('truncate backfill_staging');
        progress.state = 'rollups';
      }
      const accounts = (await client.query<{ ids: string[] }>(`select account_ids::text[] as ids from backfill_imports where id = $1`, [progress.importId]))
        .rows[0]!.ids;
      for (const accountId of accounts) await rebuildRollups(pool, accountId);
      if (accounts.length)
        log(`  rollups rebuilt for ${accounts.length} account${accounts.length === 1 ? '' : 's'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      await client.query(`update backfill_imports set state = 'done', finished_at = now(), updated_at = now() where id = $1`, [progress.importId]);
      progress.state = 'done';
      return progress;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [IMPORT_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Merges the staged chunk and records the progress past it, in one transaction. */
async function mergeChunk(client: pg.PoolClient, progress: BackfillProgress, counts: { lines: number; bytes: number }) {
  const firstLine = progress.linesDone + 1;
  await client.query('begin');
  try {
    let result: pg.QueryResult<{ refused: number; valid: number; merged: number; accounts: string[] }>;
    await client.query('savepoint fast');
    try {
      // Most files are all JSON: one cast for the chunk. A line that is not JSON fails it, and the chunk is read again
      // line by line (backfill_parse_jsonb answers null for such a line, which is then refused).
      result = await client.query(mergeSql('cast'), [progress.importId, firstLine, progress.refused]);
    } catch (error) {
      if ((error as { code?: string }).code !== '22P02') throw error;
      await client.query('rollback to savepoint fast');
      result = await client.query(mergeSql('safe'), [progress.importId, firstLine, progress.refused]);
    }
    const { refused, valid, merged, accounts } = result.rows[0]!;
    progress.linesDone += counts.lines;
    progress.bytesDone += counts.bytes;
    progress.merged += merged;
    progress.stale += valid - merged;
    progress.refused += refused;
    await client.query(
      `update backfill_imports set bytes_done = $2, lines_done = $3, merged = $4, stale = $5, refused = $6,
              account_ids = array(select distinct unnest(account_ids || $7::uuid[])), updated_at = now()
       where id = $1`,
      [progress.importId, progress.bytesDone, progress.linesDone, progress.merged, progress.stale, progress.refused, accounts],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

export class BackfillError extends Error {}
