/**
 * The backfill of `npm run import` (issue 34): years of history from an NDJSON file (gzip or not), one transaction
 * event per line. Worker threads check each line (backfill-lines.ts) and lay it out as typed columns, COPY'd chunk by
 * chunk into a staging table of the import's session, then merged into `transactions` by one set-based statement per
 * chunk with the ingestion's version rule (a stored version is never overwritten by an older or equal one); the
 * workers check the next chunk while PostgreSQL merges one. Each chunk's merge commits with the import's progress
 * (bytes and lines done), so an import stopped at any point resumes after its last merged chunk; the rollups of the
 * accounts it touched are rebuilt once at the end. `--rebuild-indexes` trades that for speed: one transaction, the
 * table's secondary indexes and foreign keys dropped and restored once. Memory stays bounded: two chunks at most. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type pg from 'pg';
import { Worker } from 'node:worker_threads';
import copyStreams from 'pg-copy-streams';
import { tsxWorkerBootstrap } from '../../lib/bounded-worker.ts';
import { SPECS, STAGED, type ColumnSpec } from './backfill-lines.ts';
import { rebuildRollups } from './rollups.ts';

export interface BackfillOptions {
  file: string;
  /** Lines per chunk: one COPY and one merge transaction each. */
  chunkLines?: number;
  log?: (line: string) => void;
  /** Called after each chunk's merge (committed, unless rebuildIndexes); tests stop an import here, as a crash would. */
  afterChunk?: (progress: BackfillProgress) => void | Promise<void>;
  /**
   * Drop the transactions table's secondary indexes and foreign keys, merge the whole file in one database
   * transaction, restore them once at the end: several times faster for a history larger than the table, but the table is locked meanwhile and
   * a crash starts the import over (docs/ingestion.md).
   */
  rebuildIndexes?: boolean;
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

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The merge of one staged chunk: refusals recorded, the newest version of each transaction merged, counts returned. */
function mergeSql(): string {
  // Defaults of columns a line may leave out; updatedAt defaults to createdAt (the time of the version).
  const valueOf = (spec: ColumnSpec): string => {
    const value = `s.${spec.column}`;
    if (spec.key === 'customerId') {
      // A customer not (yet) in Rampart, or another account's, is not linked; externalCustomerId still names it.
      return 'c.id';
    }
    if (spec.key === 'updatedAt') return `coalesce(${value}, s.created_at)`;
    if (spec.key === 'createdAt') return value;
    if (spec.notNull && spec.hasDefault && spec.default !== undefined) {
      const fallback =
        typeof spec.default === 'string'
          ? literal(spec.default)
          : Array.isArray(spec.default)
            ? `'[]'::jsonb`
            : typeof spec.default === 'boolean' || typeof spec.default === 'number'
              ? String(spec.default)
              : null;
      if (fallback) return `coalesce(${value}, ${fallback})`;
    }
    return value;
  };
  const insertable = SPECS.filter((spec) => spec.key !== 'id');
  return `
    with checked as materialized (
      select s.*, case
        when s.error is not null then s.error
        when a.id is null then 'data.accountId: no such account'
        -- A transaction never moves to another account or mode.
        when t.id is not null and (t.account_id <> s.account_id or t.live_mode <> s.live_mode) then 'data.accountId: the transaction belongs to another account or mode'
        end as problem
      from backfill_rows s
      left join accounts a on a.id = s.account_id
      left join transactions t on t.id = s.id
    ), refused as (
      insert into backfill_refusals (import_id, line, error)
      select $1, $2::bigint + n - 1, problem from checked
      where problem is not null and $3::bigint + n <= ${MAX_REFUSALS_KEPT}
      returning 1
    ), latest as (
      select distinct on (id) * from checked where problem is null order by id, version desc
    ), merged as (
      insert into transactions (id, ${insertable.map((spec) => spec.column).join(', ')})
      select s.id, ${insertable.map(valueOf).join(', ')}
      from latest s left join customers c on c.id = s.customer_id and c.account_id = s.account_id
      on conflict (id) do update set ${insertable
        .filter((spec) => !['accountId', 'liveMode'].includes(spec.key))
        .map((spec) => `${spec.column} = excluded.${spec.column}`)
        .join(', ')}
      -- The version rule (the ingestion's): an older or equal version never overwrites.
      where transactions.version < excluded.version and transactions.account_id = excluded.account_id and transactions.live_mode = excluded.live_mode
      returning account_id
    )
    select (select count(*) from checked where problem is not null)::int as refused,
           (select count(*) from checked where problem is null)::int as valid,
           (select count(*) from merged)::int as merged,
           (select count(*) from refused)::int as kept,
           array(select distinct account_id from merged)::text[] as accounts`;
}
const MERGE_SQL = mergeSql();

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

/** One chunk of the file, checked and laid out for COPY; `lines` and `bytes` are what it consumed of the file. */
interface StagedChunk {
  lines: number;
  bytes: number;
  /** COPY text-format rows, in the file's order. */
  buffers: Buffer[];
}

/**
 * Worker threads that check and stage batches of lines (parsing JSON is most of the import's work in Node): this
 * thread only finds the newlines and moves bytes, so reading keeps ahead of PostgreSQL's merge.
 */
class Stagers {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (rows: Buffer) => void; reject: (error: Error) => void }>();
  private id = 0;
  private failure: Error | null = null;

  constructor(count: number) {
    const bootstrap = tsxWorkerBootstrap(new URL('./backfill-stage.worker.ts', import.meta.url));
    for (let i = 0; i < count; i += 1) {
      const worker = new Worker(bootstrap, { eval: true, execArgv: [] });
      worker.on('message', (message: { id: number; rows?: Uint8Array; error?: string }) => {
        const task = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.rows) task?.resolve(Buffer.from(message.rows.buffer, message.rows.byteOffset, message.rows.byteLength));
        else task?.reject(new Error(`checking lines failed: ${message.error}`));
      });
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const task of this.waiting.values()) task.reject(error);
        this.waiting.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`a worker checking lines exited (code ${code})`)));
      // Idle, it does not keep the process alive (kept for the next import: starting one compiles its modules).
      worker.unref();
      this.workers.push(worker);
    }
  }

  /** The staged rows of whole lines numbered from `firstLine`. */
  stage(bytes: Buffer, firstLine: number): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    const id = (this.id += 1);
    const worker = this.workers[id % this.workers.length]!;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, bytes, firstLine });
    }).finally(() => {
      if (![...this.waiting.keys()].some((other) => other % this.workers.length === id % this.workers.length)) worker.unref();
    });
  }

  get broken(): boolean {
    return this.failure !== null;
  }
}

let shared: Stagers | null = null;
/** The checking threads, started by the first import of this process and kept (as many as cores: PostgreSQL's merge shares them). */
function stagers(): Stagers {
  if (!shared || shared.broken) shared = new Stagers(Math.max(1, os.availableParallelism()));
  return shared;
}

/** Lines from a byte iterator, `limit` at a time, staged by the workers (the last line may lack its newline). */
class ChunkReader {
  private carry: Buffer | null = null;
  private done = false;
  constructor(
    private readonly source: AsyncIterator<Buffer>,
    private readonly stagers: Stagers,
  ) {}

  async next(limit: number): Promise<StagedChunk> {
    const chunk = { lines: 0, bytes: 0 };
    const batches: Array<Promise<Buffer>> = [];
    while (chunk.lines < limit) {
      let buffer = this.carry;
      this.carry = null;
      if (!buffer) {
        if (this.done) break;
        const next = await this.source.next();
        if (next.done) {
          this.done = true;
          break;
        }
        buffer = next.value;
      }
      const firstLine = chunk.lines + 1;
      let position = 0;
      while (chunk.lines < limit) {
        const newline = buffer.indexOf(10, position);
        if (newline === -1) break;
        chunk.lines += 1;
        position = newline + 1;
      }
      if (position > 0) batches.push(this.stagers.stage(buffer.subarray(0, position), firstLine));
      chunk.bytes += position;
      if (position < buffer.length) {
        const rest = buffer.subarray(position);
        if (chunk.lines >= limit) {
          this.carry = rest;
          break;
        }
        // A line runs on into the next buffer: joined with it, or the file's last line when there is none.
        const next = await this.source.next();
        if (next.done) {
          this.done = true;
          chunk.lines += 1;
          chunk.bytes += rest.length;
          batches.push(this.stagers.stage(rest, chunk.lines));
        } else this.carry = Buffer.concat([rest, next.value]);
      }
    }
    return { ...chunk, buffers: await Promise.all(batches) };
  }

  get finished(): boolean {
    return this.done && this.carry === null;
  }
}

// --- The import ------------------------------------------------------------------------------------------------------

/** The session-local staging table: a line's number, its refusal, and the transaction's columns, all nullable. */
const STAGING_SQL = `create temp table if not exists backfill_rows on commit preserve rows as
  select 0::int as n, null::text as error, ${STAGED.map((spec) => spec.column).join(', ')} from transactions limit 0`;
const COPY_SQL = `copy backfill_rows (n, error, ${STAGED.map((spec) => spec.column).join(', ')}) from stdin`;

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
      // A chunk's commit need not wait for its WAL to reach the disk: a crash loses at most the last chunks' commits,
      // and the import resumes from the progress that did reach it (the progress commits with its chunk).
      await client.query(`set synchronous_commit = off`);
      // The staging table lives in this session's memory up to here (before its first use), then in temporary files.
      await client.query(`set temp_buffers = '256MB'`);
      await client.query(`set maintenance_work_mem = '512MB'`);
      // The merge keeps a chunk's checked rows and sorts them by id: in memory rather than in temporary files.
      await client.query(`set work_mem = '256MB'`);
      await client.query(STAGING_SQL);
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
        // --rebuild-indexes: the whole file in one database transaction, the secondary indexes dropped at its start and
        // built once at its end. A crash rolls it all back (indexes included), and the next run starts from the top.
        const indexes = options.rebuildIndexes ? await dropSecondaryIndexes(client) : null;
        if (indexes)
          log(
            `  the secondary indexes and foreign keys of transactions dropped (${indexes.length}), to be restored after the merge (the table is locked until then)`,
          );
        try {
          await copyAndMerge(client, options, progress, chunkLines, fileBytes, started, !indexes);
          if (indexes) {
            const building = Date.now();
            for (const statement of indexes) await client.query(statement);
            await client.query('analyze transactions');
            log(`  indexes built and foreign keys validated (${((Date.now() - building) / 1000).toFixed(1)} s)`);
          }
          await client.query(`update backfill_imports set state = 'rollups', updated_at = now() where id = $1`, [progress.importId]);
          if (indexes) await client.query('commit');
        } catch (error) {
          if (indexes) await client.query('rollback').catch(() => {});
          throw error;
        }
        await client.query('truncate backfill_rows');
        // The rollups' rebuild reads the accounts' rows: the planner should know how many there now are.
        if (!indexes && progress.merged > 0) await client.query('analyze transactions');
        progress.state = 'rollups';
      }
      const accounts = (await client.query<{ ids: string[] }>(`select account_ids::text[] as ids from backfill_imports where id = $1`, [progress.importId]))
        .rows[0]!.ids;
      const rollups = Date.now();
      for (const accountId of accounts) await rebuildRollups(pool, accountId);
      if (accounts.length)
        log(`  rollups rebuilt for ${accounts.length} account${accounts.length === 1 ? '' : 's'} (${((Date.now() - rollups) / 1000).toFixed(1)} s)`);
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

/**
 * Begins the import's transaction and drops in it the transactions table's secondary indexes and its foreign keys (each
 * row's key checks are one query per row; the merge itself refuses unknown accounts and links only existing customers,
 * and the keys are validated once, set-based, when added back); answers the statements that restore them.
 */
async function dropSecondaryIndexes(client: pg.PoolClient): Promise<string[]> {
  await client.query('begin');
  try {
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as definition
         from pg_index x join pg_class i on i.oid = x.indexrelid
         where x.indrelid = 'transactions'::regclass and not x.indisprimary and not x.indisunique`,
      )
    ).rows;
    const keys = (
      await client.query<{ name: string; definition: string }>(
        `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'transactions'::regclass and contype = 'f'`,
      )
    ).rows;
    for (const index of indexes) await client.query(`drop index "${index.name}"`);
    for (const key of keys) await client.query(`alter table transactions drop constraint "${key.name}"`);
    return [...indexes.map((index) => index.definition), ...keys.map((key) => `alter table transactions add constraint "${key.name}" ${key.definition}`)];
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * The file from its recorded progress on, chunk by chunk: while PostgreSQL merges one chunk, Node reads and checks the
 * next (two cores busy, at most two chunks in memory). `commitEach`: each chunk in a transaction of its own.
 */
async function copyAndMerge(
  client: pg.PoolClient,
  options: BackfillOptions,
  progress: BackfillProgress,
  chunkLines: number,
  fileBytes: number,
  started: number,
  commitEach: boolean,
): Promise<void> {
  const log = options.log ?? (() => {});
  const reader = new ChunkReader(bytesFrom(options.file, progress.bytesDone)[Symbol.asyncIterator](), stagers());
  const linesAtStart = progress.linesDone;
  let timing = '';
  let next = reader.next(chunkLines);
  for (;;) {
    const waited = Date.now();
    const chunk = await next;
    if (chunk.lines === 0) break;
    const copied = Date.now();
    if (commitEach) await client.query('begin');
    try {
      await client.query('truncate backfill_rows');
      const copy = client.query(copyStreams.from(COPY_SQL));
      await pipeline(Readable.from(chunk.buffers), copy);
      chunk.buffers = [];
      // The planner needs the chunk's size to join it with the transactions table by its key.
      await client.query('analyze backfill_rows');
      next = reader.finished ? Promise.resolve({ lines: 0, bytes: 0, buffers: [] }) : reader.next(chunkLines);
      // Read ahead meanwhile; its failure is the loop's next await's.
      next.catch(() => {});
      const merging = Date.now();
      await mergeChunk(client, progress, chunk);
      timing = `waited for the file ${((copied - waited) / 1000).toFixed(1)} s, COPY ${((merging - copied) / 1000).toFixed(1)} s, merge ${((Date.now() - merging) / 1000).toFixed(1)} s`;
      if (commitEach) await client.query('commit');
    } catch (error) {
      if (commitEach) await client.query('rollback').catch(() => {});
      throw error;
    }
    const seconds = (Date.now() - started) / 1000;
    const rate = Math.round((progress.linesDone - linesAtStart) / Math.max(seconds, 0.001));
    const percent = fileBytes > 0 && !options.file.endsWith('.gz') ? ` (${((100 * progress.bytesDone) / fileBytes).toFixed(1)}%)` : '';
    log(
      `  ${progress.linesDone.toLocaleString('en')} lines${percent}: ${progress.merged.toLocaleString('en')} merged, ${progress.stale.toLocaleString('en')} stale, ${progress.refused.toLocaleString('en')} refused; ${rate.toLocaleString('en')} lines/s (${timing})`,
    );
    await options.afterChunk?.({ ...progress });
  }
}

/** Merges the staged chunk and records the progress past it (in the caller's transaction). */
async function mergeChunk(client: pg.PoolClient, progress: BackfillProgress, counts: { lines: number; bytes: number }) {
  const firstLine = progress.linesDone + 1;
  const result = await client.query<{ refused: number; valid: number; merged: number; accounts: string[] }>(MERGE_SQL, [
    progress.importId,
    firstLine,
    progress.refused,
  ]);
  const { refused, valid, merged, accounts } = result.rows[0]!;
  await client.query(
    `update backfill_imports set bytes_done = $2, lines_done = $3, merged = $4, stale = $5, refused = $6,
            account_ids = array(select distinct unnest(account_ids || $7::uuid[])), updated_at = now()
     where id = $1`,
    [
      progress.importId,
      progress.bytesDone + counts.bytes,
      progress.linesDone + counts.lines,
      progress.merged + merged,
      progress.stale + valid - merged,
      progress.refused + refused,
      accounts,
    ],
  );
  progress.linesDone += counts.lines;
  progress.bytesDone += counts.bytes;
  progress.merged += merged;
  progress.stale += valid - merged;
  progress.refused += refused;
}

export class BackfillError extends Error {}
