import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import {
  createTransactionsRepository,
  type CursorPage,
  type TransactionFilter,
  type TransactionsRepository,
} from '../../modules/transactions/transactions.repository.ts';
import { documentedAnswers } from '../../../test/openapi-contract.ts';
import { CURSOR_POSITION, CursorError, decodeCursor, encodeCursor, microsToIso } from './cursor.ts';

let t: TestApp;
let repository: TransactionsRepository;
let accountId: string;
let otherAccountId: string;
let expectAnswerDocumented: ReturnType<typeof documentedAnswers> | undefined;

/**
 * 8 distinct timestamps for 157 rows, so most pages start and end inside a run of equal created_at values; two of them
 * differ by one microsecond (a JS Date cannot tell them apart).
 */
const STAMPS = [
  '2026-03-01T10:00:00.123457Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-03-01T09:00:00Z',
  '2026-02-20T00:00:00.5Z',
  '2026-02-20T00:00:00.499999Z',
  '2026-02-01T12:00:00Z',
  '2026-01-15T08:30:00.000001Z',
  '2026-01-01T00:00:00Z',
];
const ROWS = 157;

async function account(name: string) {
  const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name) values ($1) returning id`, [`${name} Ltd`]);
  const acc = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [org.rows[0]!.id, name]);
  return acc.rows[0]!.id;
}

/** `n` transactions of an account, mode and kind on the STAMPS (row i at STAMPS[i % 8]), customers cust-0..2. */
async function insert(account: string, liveMode: boolean, kind: string, n: number) {
  await t.database.pool.query(
    `insert into transactions (account_id, live_mode, kind, status, base_currency_code, fiat_currency_code, amount, base_currency_amount, usd_rate, eur_rate, gbp_rate,
       external_transaction_id, external_customer_id, created_at)
     select $1, $2, $3, 'completed', 'eur', 'eur', 10, 10, 1.08, 1, 0.86, 'ord-' || i, 'cust-' || (i % 3), ($4::text[])[1 + i % 8]::timestamptz
     from generate_series(0, $5 - 1) i`,
    [account, liveMode, kind, STAMPS, n],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  repository = createTransactionsRepository(t.database.db, t.database.readDb);
  accountId = await account('Cursor A');
  otherAccountId = await account('Cursor B');
  await insert(accountId, true, 'buy', ROWS);
  // Same timestamps in the other mode, another kind and another account: none of them may appear.
  await insert(accountId, false, 'buy', 20);
  await insert(accountId, true, 'sell', 20);
  await insert(otherAccountId, true, 'buy', 40);
});
afterAll(async () => {
  await t.close();
});

const base = (): TransactionFilter => ({ accountId, liveMode: true, kind: 'buy' });

/** The whole filtered list in the dashboard's order: its own offset page, and by SQL. */
async function fullList(filter: TransactionFilter): Promise<string[]> {
  const dashboard = (await repository.page(filter, 'createdAt_DESC', 0, 1000)).map((row) => row.id);
  return dashboard;
}

async function walkForwards(filter: TransactionFilter, limit: number) {
  const ids: string[] = [];
  const pages: CursorPage[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard += 1) {
    const page = await repository.pageByCursor(filter, { startingAfter: cursor, limit });
    pages.push(page);
    ids.push(...page.rows.map((row) => row.id));
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    expect(page.nextCursor !== null).toBe(page.hasMore);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { ids, pages };
}

async function walkBackwards(filter: TransactionFilter, fromCursor: string, limit: number) {
  const ids: string[] = [];
  const pages: CursorPage[] = [];
  let cursor: string | null = fromCursor;
  for (let guard = 0; guard < 1000 && cursor; guard += 1) {
    const page = await repository.pageByCursor(filter, { endingBefore: cursor, limit });
    pages.push(page);
    ids.unshift(...page.rows.map((row) => row.id));
    expect(page.previousCursor !== null).toBe(page.hasMore);
    cursor = page.previousCursor;
  }
  return { ids, pages };
}

describe('cursors', () => {
  it('round-trip a position to the microsecond', () => {
    const position = { createdAtMicros: 1_772_359_200_123_457n, id: '0190f5c2-7b1e-7c3a-9d4e-1f2a3b4c5d6e' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]{39}$/);
    expect(decodeCursor(cursor)).toEqual(position);
    expect(microsToIso(position.createdAtMicros)).toBe('2026-03-01T10:00:00.123457Z');
    expect(microsToIso(-1n)).toBe('1969-12-31T23:59:59.999999Z');
  });

  it('refuse garbage and tampered cursors with a typed error naming the parameter', () => {
    const cursor = encodeCursor({ createdAtMicros: 1_772_359_200_123_457n, id: '0190f5c2-7b1e-7c3a-9d4e-1f2a3b4c5d6e' });
    const tampered = [
      ...[0, 5, 12, 20, 30, 38].map((index) => cursor.slice(0, index) + (cursor[index] === 'A' ? 'B' : 'A') + cursor.slice(index + 1)),
      cursor.slice(0, -1),
      `${cursor}A`,
      cursor.replaceAll('-', '+'),
      'garbage',
      '',
      'x'.repeat(39),
      Buffer.from('2026-03-01T10:00:00Z|0190f5c2-7b1e-7c3a-9d4e-1f2a3b4c5d6e').toString('base64url'),
      123,
      null,
    ];
    for (const text of tampered) {
      if (text === cursor) continue;
      let caught: unknown;
      try {
        decodeCursor(text, 'ending_before');
      } catch (error) {
        caught = error;
      }
      expect(caught, String(text)).toBeInstanceOf(CursorError);
      expect((caught as CursorError).param).toBe('ending_before');
      expect((caught as CursorError).code).toBe('cursor_invalid');
    }
  });

  it('page forwards through equal timestamps exactly as the dashboard orders, then backwards to the start', async () => {
    const all = await fullList(base());
    expect(all).toHaveLength(ROWS);
    for (const limit of [1, 7, 20, 100]) {
      const forwards = await walkForwards(base(), limit);
      expect(forwards.ids, `limit ${limit}`).toEqual(all);
      expect(forwards.pages).toHaveLength(Math.ceil(ROWS / limit));
      expect(forwards.pages[0]!.previousCursor).toBeNull();
      for (const page of forwards.pages.slice(1)) expect(page.previousCursor).toBe(encodeCursor(page.rows[0]!));
      // Back from the last row: every row before it, page by page, newest first within each page.
      const lastRow = forwards.pages.at(-1)!.rows.at(-1)!;
      const backwards = await walkBackwards(base(), encodeCursor(lastRow), limit);
      expect(backwards.ids, `limit ${limit}`).toEqual(all.slice(0, -1));
      expect(backwards.pages.at(-1)!.hasMore).toBe(false);
      for (const page of backwards.pages) expect(page.nextCursor).toBe(encodeCursor(page.rows.at(-1)!));
    }
  });

  it('keep microseconds: rows one microsecond apart are neither skipped nor repeated', async () => {
    const first = await repository.pageByCursor(base(), { limit: 1 });
    expect(first.rows[0]![CURSOR_POSITION].createdAtMicros % 1000n).toBe(457n);
    const page = await repository.pageByCursor(base(), {
      startingAfter: encodeCursor({ createdAtMicros: 1_772_359_200_123_457n, id: '00000000-0000-0000-0000-000000000000' }),
      limit: 100,
    });
    // Past every .123457 row: the next ones are the .123456 rows.
    expect(page.rows[0]![CURSOR_POSITION].createdAtMicros).toBe(1_772_359_200_123_456n);
  });

  it('page with the filters: external ids and a created range', async () => {
    const filters: TransactionFilter[] = [
      { ...base(), externalCustomerId: 'cust-1' },
      { ...base(), minCreatedAt: '2026-02-01T12:00:00Z', maxCreatedAt: '2026-03-01T10:00:00.123456Z' },
      { ...base(), externalCustomerId: 'cust-2', minCreatedAt: '2026-02-20T00:00:00.499999Z' },
      { ...base(), externalTransactionId: 'ord-42' },
      { ...base(), searchString: 'ord-1' },
    ];
    for (const filter of filters) {
      const all = await fullList(filter);
      expect(all.length, JSON.stringify(filter)).toBeGreaterThan(0);
      const forwards = await walkForwards(filter, 6);
      expect(forwards.ids, JSON.stringify(filter)).toEqual(all);
      if (all.length > 1) {
        const backwards = await walkBackwards(filter, encodeCursor(forwards.pages.at(-1)!.rows.at(-1)!), 6);
        expect(backwards.ids, JSON.stringify(filter)).toEqual(all.slice(0, -1));
      }
    }
  });

  it('a cursor is only a position: another account’s cursor pages this account’s rows', async () => {
    const theirs = await repository.pageByCursor({ accountId: otherAccountId, liveMode: true, kind: 'buy' }, { limit: 10 });
    const cursor = theirs.nextCursor!;
    const mine = new Set(await fullList(base()));
    const theirIds = new Set(
      (await repository.page({ accountId: otherAccountId, liveMode: true, kind: 'buy' }, 'createdAt_DESC', 0, 100)).map((row) => row.id),
    );
    for (const options of [
      { startingAfter: cursor, limit: 100 },
      { endingBefore: cursor, limit: 100 },
    ]) {
      const page = await repository.pageByCursor(base(), options);
      expect(page.rows.length).toBeGreaterThan(0);
      for (const row of page.rows) {
        expect(mine.has(row.id)).toBe(true);
        expect(theirIds.has(row.id)).toBe(false);
        expect(row.accountId).toBe(accountId);
      }
    }
    // The other mode sees none of this mode's rows either.
    const test = await walkForwards({ ...base(), liveMode: false }, 50);
    expect(test.ids).toHaveLength(20);
    for (const id of test.ids) expect(mine.has(id)).toBe(false);
  });

  it('refuse both cursors at once and garbage through the repository', async () => {
    const { nextCursor } = await repository.pageByCursor(base(), { limit: 5 });
    await expect(repository.pageByCursor(base(), { startingAfter: nextCursor, endingBefore: nextCursor, limit: 5 })).rejects.toBeInstanceOf(CursorError);
    await expect(repository.pageByCursor(base(), { startingAfter: 'nope', limit: 5 })).rejects.toMatchObject({
      code: 'cursor_invalid',
      param: 'starting_after',
    });
    await expect(repository.pageByCursor(base(), { endingBefore: 'nope', limit: 5 })).rejects.toMatchObject({ code: 'cursor_invalid', param: 'ending_before' });
  });
});

describe('GET /v1/transactions with cursors (2026-11-23)', () => {
  interface ListBody {
    object: string;
    data: Array<{ id: string }>;
    has_more: boolean;
    next_cursor: string | null;
    previous_cursor: string | null;
  }
  let key: string;
  let partnerId: string;
  const ROWS_C = 57;

  beforeAll(async () => {
    partnerId = await account('Cursor C');
    await insert(partnerId, false, 'buy', ROWS_C);
    const keys = await t.app.services.developers.apiKeys(partnerId, false);
    key = keys.find((row) => row.type === 'secret')!.plainSecret!;
  });

  async function list(query: string) {
    const response = await fetch(`${t.baseUrl}/v1/transactions?${query}`, { headers: { authorization: `Api-Key ${key}`, 'rampart-version': '2026-11-23' } });
    // Every answer checked against the OpenAPI document.
    expectAnswerDocumented ??= documentedAnswers(`${t.baseUrl}/v1/openapi.json`);
    await expectAnswerDocumented('GET', `/v1/transactions?${query}`, response);
    return { status: response.status, body: (await response.json()) as ListBody & { error?: { type: string; code: string; param?: string } } };
  }

  it('walks forwards by next_cursor and back by previous_cursor across equal timestamps', async () => {
    const all = (await repository.page({ accountId: partnerId, liveMode: false, kind: 'buy' }, 'createdAt_DESC', 0, 1000)).map((row) => row.id);
    expect(all).toHaveLength(ROWS_C);
    const pages: ListBody[] = [];
    let query = 'limit=7';
    for (let guard = 0; guard < 100; guard += 1) {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      expect(body.object).toBe('list');
      pages.push(body);
      if (!body.has_more) break;
      query = `limit=7&starting_after=${body.next_cursor}`;
    }
    expect(pages.flatMap((page) => page.data.map((row) => row.id))).toEqual(all);
    expect(pages[0]!.previous_cursor).toBeNull();
    expect(pages.at(-1)!.next_cursor).toBeNull();
    // Back from the last page by previous_cursor, to the first.
    const back: string[] = [...pages.at(-1)!.data.map((row) => row.id)];
    let cursor = pages.at(-1)!.previous_cursor;
    while (cursor) {
      const { status, body } = await list(`limit=7&ending_before=${cursor}`);
      expect(status).toBe(200);
      back.unshift(...body.data.map((row) => row.id));
      cursor = body.previous_cursor;
    }
    expect(back).toEqual(all);
  });

  it('answers 400 cursor_invalid naming the parameter for a tampered cursor, and refuses a cursor with an offset', async () => {
    const { body: first } = await list('limit=3');
    const cursor = first.next_cursor!;
    const tampered = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
    for (const [query, param] of [
      [`starting_after=${tampered}`, 'starting_after'],
      [`ending_before=${tampered}`, 'ending_before'],
      ['starting_after=garbage', 'starting_after'],
    ] as const) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'cursor_invalid', param });
    }
    const both = await list(`starting_after=${cursor}&ending_before=${cursor}`);
    expect(both.status).toBe(400);
    for (const query of [`starting_after=${cursor}&offset=5`, `starting_after=${cursor}&offset=0`, `ending_before=${cursor}&offset=0`]) {
      const withOffset = await list(query);
      expect(withOffset.status, query).toBe(400);
      expect(withOffset.body.error).toMatchObject({ type: 'invalid_request_error', code: 'cursor_invalid', param: 'offset' });
    }
  });

  it('answers an offset page with cursors that continue from it, both ways, across equal timestamps', async () => {
    const all = (await repository.page({ accountId: partnerId, liveMode: false, kind: 'buy' }, 'createdAt_DESC', 0, 1000)).map((row) => row.id);
    const { status, body } = await list('limit=7&offset=10');
    expect(status).toBe(200);
    expect(body.data.map((row) => row.id)).toEqual(all.slice(10, 17));
    expect(body.has_more).toBe(true);
    const after = await list(`limit=7&starting_after=${body.next_cursor}`);
    expect(after.body.data.map((row) => row.id)).toEqual(all.slice(17, 24));
    const before = await list(`limit=7&ending_before=${body.previous_cursor}`);
    expect(before.body.data.map((row) => row.id)).toEqual(all.slice(3, 10));
    // The first offset page has nothing before it; the last has nothing after it.
    const first = await list('limit=7&offset=0');
    expect(first.body.data.map((row) => row.id)).toEqual(all.slice(0, 7));
    expect(first.body.previous_cursor).toBeNull();
    const last = await list(`limit=7&offset=${ROWS_C - 3}`);
    expect(last.body.data.map((row) => row.id)).toEqual(all.slice(ROWS_C - 3));
    expect(last.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(last.body.previous_cursor).not.toBeNull();
  });

  it('pages only the key’s own account and mode with another account’s cursor', async () => {
    const theirs = await repository.pageByCursor(base(), { limit: 30 });
    const own = new Set((await repository.page({ accountId: partnerId, liveMode: false, kind: 'buy' }, 'createdAt_DESC', 0, 1000)).map((row) => row.id));
    for (const query of [`limit=100&starting_after=${theirs.nextCursor}`, `limit=100&ending_before=${theirs.nextCursor}`]) {
      const { status, body } = await list(query);
      expect(status).toBe(200);
      for (const row of body.data) expect(own.has(row.id)).toBe(true);
    }
  });
});
