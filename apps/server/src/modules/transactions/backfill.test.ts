import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { runBackfill } from './backfill.ts';

// `npm run import` (issue 34): history merged with the ingestion's version rule, refusals naming the field, resumable.
let pool: pg.Pool;
let accountId: string;
let otherAccountId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-backfill-'));

async function newAccount(name: string): Promise<string> {
  const user = await pool.query<{ id: string }>(`insert into users (email, first_name, last_name) values ($1, 'B', 'F') returning id`, [
    `backfill-${crypto.randomUUID()}@example.com`,
  ]);
  const org = await pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [name, user.rows[0]!.id]);
  const account = await pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [org.rows[0]!.id, name]);
  return account.rows[0]!.id;
}

/** One history line: a buy transaction's state at `version`. */
function line(id: string, version: number, status: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    data: {
      id,
      version,
      accountId,
      liveMode: true,
      kind: 'buy',
      status,
      createdAt: '2025-03-01T10:00:00Z',
      baseCurrencyCode: 'eur',
      quoteCurrencyCode: 'btc',
      fiatCurrencyCode: 'eur',
      amount: '100.00',
      baseCurrencyAmount: '100.00',
      quoteCurrencyAmount: '0.00150000',
      usdRate: '1.08',
      eurRate: '1',
      gbpRate: '0.85',
      ...extra,
    },
  });
}

function writeFile(name: string, lines: string[], gzip = false): string {
  const file = path.join(dir, name);
  const text = `${lines.join('\n')}\n`;
  fs.writeFileSync(file, gzip ? zlib.gzipSync(text) : text);
  return file;
}

const rows = async (ids: string[]) =>
  (
    await pool.query<{ id: string; version: number; status: string }>(`select id, version, status from transactions where id = any($1::uuid[]) order by id`, [
      ids,
    ])
  ).rows;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 4 });
  accountId = await newAccount('Backfill Ltd');
  otherAccountId = await newAccount('Other Ltd');
});

afterAll(async () => {
  await pool.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('merges a gzip history by version: newer versions win, older never overwrite, refused lines name the field; the rollups count each once', async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const file = writeFile(
      'history.ndjson.gz',
      [
        line(a, 1, 'waitingPayment'),
        line(a, 3, 'completed'),
        line(a, 2, 'pending'), // older than 3, later in the file: never overwrites
        line(b, 1, 'failed', { failureReason: 'cardDeclined' }),
        line(c, 1, 'completed', { amount: 12.5 }), // a float, not a decimal string
        '{"data": {"id": "not json',
        line(crypto.randomUUID(), 1, 'completed', { accountId: crypto.randomUUID() }),
        '',
      ],
      true,
    );
    const result = await runBackfill(pool, { file, chunkLines: 3 });
    expect(result).toMatchObject({ state: 'done', linesDone: 8, merged: 2, refused: 3 });
    expect(await rows([a, b, c].sort())).toEqual(
      [
        { id: a, version: 3, status: 'completed' },
        { id: b, version: 1, status: 'failed' },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    const refusals = await pool.query<{ line: number; error: string }>(`select line::int, error from backfill_refusals where import_id = $1 order by line`, [
      result.importId,
    ]);
    expect(refusals.rows).toEqual([
      { line: 5, error: 'data.amount: a decimal string such as "12.50"' },
      { line: 6, error: 'the line is not a JSON object' },
      { line: 7, error: 'data.accountId: no such account' },
    ]);
    const totals = await pool.query<{ count: number }>(`select coalesce(sum(tx_count), 0)::int as count from transaction_rollups where account_id = $1`, [
      accountId,
    ]);
    expect(totals.rows[0]!.count).toBe(2);

    // The same file again: already imported, nothing changes.
    const again = await runBackfill(pool, { file, chunkLines: 3 });
    expect(again).toMatchObject({ importId: result.importId, state: 'done', merged: 2 });
  });

  it('a newer version already stored (from the live stream) is kept; a transaction never moves to another account', async () => {
    const id = crypto.randomUUID();
    await runBackfill(pool, { file: writeFile('live.ndjson', [line(id, 5, 'completed')]) });
    const file = writeFile('older.ndjson', [line(id, 4, 'failed'), line(id, 6, 'completed', { accountId: otherAccountId })]);
    const result = await runBackfill(pool, { file });
    expect(result).toMatchObject({ merged: 0, stale: 1, refused: 1 });
    expect(await rows([id])).toEqual([{ id, version: 5, status: 'completed' }]);
  });

  it('resumes after a crash: stopped after its first chunk, run again, it merges the rest once', async () => {
    const ids = Array.from({ length: 10 }, () => crypto.randomUUID());
    const file = writeFile(
      'crash.ndjson',
      ids.map((id) => line(id, 1, 'completed')),
    );
    const crash = new Error('killed after the first chunk');
    await expect(
      runBackfill(pool, {
        file,
        chunkLines: 4,
        afterChunk: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await rows(ids)).toHaveLength(4);
    const progress: number[] = [];
    const result = await runBackfill(pool, { file, chunkLines: 4, afterChunk: (p) => void progress.push(p.linesDone) });
    expect(result).toMatchObject({ resumed: true, state: 'done', linesDone: 10, merged: 10 });
    expect(progress).toEqual([8, 10]);
    expect(await rows(ids)).toHaveLength(10);
  });

  it('refuses a day its month lacks by line number and keeps the good lines; text with tabs, backslashes and newlines is stored as sent', async () => {
    const [good, bad] = [crypto.randomUUID(), crypto.randomUUID()];
    const agent = 'Agent\t"quoted"\\path\nline two\r\u00e9';
    const file = writeFile('dates.ndjson', [
      line(good, 1, 'completed', { userAgent: agent, nftTransaction: { note: 'tab\there' } }),
      line(bad, 1, 'completed', { createdAt: '2025-02-30T10:00:00Z' }),
    ]);
    const result = await runBackfill(pool, { file });
    expect(result).toMatchObject({ state: 'done', linesDone: 2, merged: 1, refused: 1 });
    const stored = await pool.query<{ user_agent: string; nft_transaction: unknown }>(`select user_agent, nft_transaction from transactions where id = $1`, [
      good,
    ]);
    expect(stored.rows).toEqual([{ user_agent: agent, nft_transaction: { note: 'tab\there' } }]);
    const refusals = await pool.query<{ line: number; error: string }>(`select line::int, error from backfill_refusals where import_id = $1`, [
      result.importId,
    ]);
    expect(refusals.rows).toEqual([{ line: 2, error: 'data.createdAt: an ISO 8601 time with its offset' }]);
  });

  it('--rebuild-indexes: one database transaction; a crash leaves the table, its indexes and keys as they were, the rerun merges all and restores them', async () => {
    const indexes = async () =>
      (
        await pool.query<{ definition: string }>(
          `select pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'transactions'::regclass
           union all select conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated from pg_constraint where conrelid = 'transactions'::regclass
           order by 1`,
        )
      ).rows.map((row) => row.definition);
    const before = await indexes();
    expect(before.length).toBeGreaterThan(5);
    const ids = Array.from({ length: 10 }, () => crypto.randomUUID());
    const file = writeFile(
      'rebuild.ndjson',
      ids.map((id, n) => line(id, 1, n % 2 ? 'completed' : 'failed')),
    );
    const crash = new Error('killed after the first chunk');
    await expect(
      runBackfill(pool, {
        file,
        chunkLines: 4,
        rebuildIndexes: true,
        afterChunk: () => {
          throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await rows(ids)).toHaveLength(0);
    expect(await indexes()).toEqual(before);

    const progress: number[] = [];
    const result = await runBackfill(pool, { file, chunkLines: 4, rebuildIndexes: true, afterChunk: (p) => void progress.push(p.linesDone) });
    expect(result).toMatchObject({ state: 'done', linesDone: 10, merged: 10 });
    expect(progress).toEqual([4, 8, 10]);
    expect(await rows(ids)).toHaveLength(10);
    expect(await indexes()).toEqual(before);
    const totals = await pool.query<{ count: number }>(
      `select coalesce(sum(tx_count), 0)::int as count from transaction_rollups where account_id = $1 and status in ('completed', 'failed')`,
      [accountId],
    );
    const stored = await pool.query<{ count: number }>(
      `select count(*)::int as count from transactions where account_id = $1 and status in ('completed', 'failed')`,
      [accountId],
    );
    expect(totals.rows[0]!.count).toBe(stored.rows[0]!.count);
  });
});
