import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { insertRow } from '../../db/row-queries.ts';
import { isUuid } from '../../lib/uuid.ts';
import { customerCards, customerFiles, customers, transactions, type StatusHistoryEntry } from '../../db/schema/transactions.ts';
import type { TransactionKind } from '@rampart/shared/transactions';
import type { Executor, SqlExecutor } from '../../db/executor.ts';
import { matches } from '../../lib/prefix-search.ts';
import { emailMatches, searchTermOf, type SearchTerm } from './search.ts';
import {
  CURSOR_MICROS_SQL,
  CURSOR_POSITION,
  CursorError,
  decodeCursor,
  encodeCursor,
  microsToIso,
  type CursorPosition,
  type WithCursorPosition,
} from '../../lib/rest/cursor.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** A list row's customer, read with the page (null: none), so the customer field needs no query of its own. */
export const PAGE_CUSTOMER = Symbol('customer read with the page');
export type PageRow = TransactionRow & { [PAGE_CUSTOMER]?: CustomerRow | null };
export type CustomerFileRow = typeof customerFiles.$inferSelect;
export type CustomerCardRow = typeof customerCards.$inferSelect;

export type TransactionSort = 'createdAt_DESC' | 'createdAt_ASC' | 'amount_DESC' | 'amount_ASC';

export interface TransactionFilter {
  accountId: string;
  liveMode: boolean;
  kind: TransactionKind;
  nftOnly?: boolean;
  balanceType?: string | null;
  statuses?: string[] | null;
  minAmount?: string | null;
  maxAmount?: string | null;
  minCreatedAt?: string | null;
  maxCreatedAt?: string | null;
  searchString?: string | null;
  customerId?: string | null;
  /** Exact matches, for the public REST API. */
  externalTransactionId?: string | null;
  externalCustomerId?: string | null;
}

/** Transactions of the account's customers (of this mode) with that e-mail, in any case. */
function ofCustomersWithEmail(filter: TransactionFilter, email: string): SQL {
  return sql`t.customer_id = any(array(select c.id from customers c where c.account_id = ${filter.accountId} and c.live_mode = ${filter.liveMode} and lower(c.email) = ${email.toLowerCase()}))`;
}

/**
 * What a text search matches, one condition per indexed column: the external transaction id, external customer id and
 * wallet address, and the customer's e-mail (a prefix, or a whole address). A prefix's customers are a semi-join, not
 * an array: a short e-mail prefix can match thousands of customers, and the planner then walks the list index instead.
 */
function searchConditions(filter: TransactionFilter, term: Exclude<SearchTerm, { kind: 'id' }>): SQL[] {
  const conditions = [matches(sql`t.external_transaction_id`, term), matches(sql`t.external_customer_id`, term), matches(sql`t.wallet_address`, term)];
  if (term.kind === 'exact' && term.value.includes('@')) conditions.push(ofCustomersWithEmail(filter, term.value));
  else if (term.kind === 'prefix') {
    conditions.push(
      sql`exists (select 1 from customers c where c.id = t.customer_id and c.account_id = ${filter.accountId} and c.live_mode = ${filter.liveMode} and ${emailMatches(sql`c.email`, term)})`,
    );
  }
  return conditions;
}

/** The WHERE clause of a filtered view; shared by the list, its count and the CSV export. */
export function whereOf(filter: TransactionFilter): SQL {
  const parts: SQL[] = [sql`t.account_id = ${filter.accountId}`, sql`t.live_mode = ${filter.liveMode}`, sql`t.kind = ${filter.kind}`];
  if (filter.nftOnly) parts.push(sql`t.is_nft`);
  if (filter.balanceType) parts.push(sql`t.balance_type = ${filter.balanceType}`);
  if (filter.statuses?.length === 1) parts.push(sql`t.status = ${filter.statuses[0]}`);
  else if (filter.statuses?.length)
    parts.push(
      sql`t.status in (${sql.join(
        filter.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (filter.minAmount) parts.push(sql`t.amount >= ${filter.minAmount}::numeric`);
  if (filter.maxAmount) parts.push(sql`t.amount <= ${filter.maxAmount}::numeric`);
  if (filter.minCreatedAt) parts.push(sql`t.created_at >= ${filter.minCreatedAt}::timestamptz`);
  if (filter.maxCreatedAt) parts.push(sql`t.created_at <= ${filter.maxCreatedAt}::timestamptz`);
  if (filter.customerId) parts.push(sql`t.customer_id = ${filter.customerId}`);
  if (filter.externalTransactionId) parts.push(sql`t.external_transaction_id = ${filter.externalTransactionId}`);
  if (filter.externalCustomerId) parts.push(sql`t.external_customer_id = ${filter.externalCustomerId}`);
  const term = searchTermOf(filter.searchString);
  if (term?.kind === 'id') parts.push(sql`(t.id = ${term.id} or t.customer_id = ${term.id})`);
  else if (term) parts.push(sql`(${sql.join(searchConditions(filter, term), sql` or `)})`);
  return sql.join(parts, sql` and `);
}

const DAY_MS = 86_400_000;

/**
 * A list page is read in two statements: the page's ids (planned for its own filter values each time — as a prepared
 * statement PostgreSQL switched the amount-range shape to a generic plan on the wrong index, 40x slower, measured),
 * then the rows with their customers by id, a prepared statement whose plan fits any ids (planning the one-statement
 * form with its join and subquery cost ~1 ms). Rows are read as arrays and mapped to the Drizzle row types by position.
 */
const dialect = new PgDialect();
const TRANSACTION_COLUMNS = Object.entries(getTableColumns(transactions)).map(([key, column]) => [key, column.name] as const);
const CUSTOMER_COLUMNS = Object.entries(getTableColumns(customers)).map(([key, column]) => [key, column.name] as const);
/** A page's rows with their customers, by id: the same plan for any ids, so a prepared statement planned once. */
const PAGE_ROWS_SQL = `select ${[...TRANSACTION_COLUMNS.map(([, name]) => `t."${name}"`), ...CUSTOMER_COLUMNS.map(([, name]) => `c."${name}"`)].join(', ')}
  from transactions t left join customers c on c.id = t.customer_id where t.id = any($1::uuid[])`;
/** Builds a row object of fixed shape from an array row, starting at `offset` (generated once: V8 keeps it monomorphic). */
function rowBuilder<T>(columns: ReadonlyArray<readonly [string, string]>, offset: number): (values: unknown[]) => T {
  const fields = columns.map(([key], index) => `${JSON.stringify(key)}: values[${offset + index}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from our own column list (no outside input), for a fixed-shape object per row
  return new Function('values', `return { ${fields} };`) as (values: unknown[]) => T;
}
const transactionOfPageRow = rowBuilder<TransactionRow>(TRANSACTION_COLUMNS, 0);
const customerOfPageRow = rowBuilder<CustomerRow>(CUSTOMER_COLUMNS, TRANSACTION_COLUMNS.length);
const TRANSACTION_ID_INDEX = TRANSACTION_COLUMNS.findIndex(([key]) => key === 'id');
const CUSTOMER_ID_INDEX = TRANSACTION_COLUMNS.length + CUSTOMER_COLUMNS.findIndex(([key]) => key === 'id');

/**
 * The partial UTC days at the ends of a created range: rows before `headEnd` (the first midnight at or after the start)
 * and from `tailStart` (the midnight before the end) are not whole days of the rollups.
 */
export function partialDaysOf(minCreatedAt?: string | null, maxCreatedAt?: string | null): { headEnd: Date | null; tailStart: Date | null } {
  const from = minCreatedAt ? Date.parse(minCreatedAt) : null;
  const to = maxCreatedAt ? Date.parse(maxCreatedAt) : null;
  return {
    headEnd: from === null ? null : new Date(Math.ceil(from / DAY_MS) * DAY_MS),
    tailStart: to === null ? null : new Date(Math.floor(to / DAY_MS) * DAY_MS),
  };
}

/**
 * A text search as branches to combine with UNION, one per searched column, so each is a range scan of its own index
 * (or, for a prefix most rows match, a walk down the list index): as one WHERE with OR, PostgreSQL reads every match of
 * every column to sort them, and visits all transactions of a matching customer (~3,500 heap pages for one with that
 * many). Null for no search or an id, whose lookups are cheapest as they are.
 */
export function searchBranches(filter: TransactionFilter): SQL[] | null {
  const term = searchTermOf(filter.searchString);
  if (!term || term.kind === 'id') return null;
  const base = whereOf({ ...filter, searchString: null });
  return searchConditions(filter, term).map((condition) => sql`${base} and ${condition}`);
}

/** ORDER BY matching the indexes (they are DESC NULLS LAST; ascending reads them backwards). */
export function orderOf(sort: TransactionSort = 'createdAt_DESC', alias = 't'): SQL {
  const a = sql.raw(alias);
  switch (sort) {
    case 'createdAt_ASC':
      return sql`${a}.created_at asc nulls first, ${a}.id asc nulls first`;
    case 'amount_ASC':
      return sql`${a}.amount asc, ${a}.id asc`;
    case 'amount_DESC':
      return sql`${a}.amount desc nulls first, ${a}.id desc nulls first`;
    default:
      return sql`${a}.created_at desc nulls last, ${a}.id desc nulls last`;
  }
}

/** One page's ids: an index-only scan, or for a text search one per searched column (see searchBranches). */
export function pageIdsQuery(filter: TransactionFilter, sort: TransactionSort, skip: number, take: number): SQL {
  const branches = searchBranches(filter);
  if (!branches) return sql`select t.id from transactions t where ${whereOf(filter)} order by ${orderOf(sort)} offset ${skip} limit ${take}`;
  // Each branch's own first skip+take rows hold the union's first skip+take; only the sort key besides the id, so the
  // customer branch reads the customer index alone.
  return sql`select t.id from (${sql.join(
    branches.map(
      (where) =>
        sql`(select t.id, ${sql.raw(sort.startsWith('amount') ? 't.amount' : 't.created_at')} from transactions t where ${where} order by ${orderOf(sort)} limit ${skip + take})`,
    ),
    sql` union `,
  )}) t order by ${orderOf(sort)} offset ${skip} limit ${take}`;
}

/** Which way a cursor page reads from its position: older rows (starting_after, the index order) or newer (ending_before). */
export type CursorDirection = 'older' | 'newer';

/** The conditions of a filter (one, or one per search branch), each limited to one side of a position. */
function cursorWheres(filter: TransactionFilter, position: CursorPosition | null, side: CursorDirection): SQL[] {
  const beyond = position
    ? side === 'older'
      ? sql`(t.created_at, t.id) < (${microsToIso(position.createdAtMicros)}::timestamptz, ${position.id}::uuid)`
      : sql`(t.created_at, t.id) > (${microsToIso(position.createdAtMicros)}::timestamptz, ${position.id}::uuid)`
    : null;
  const wheres = searchBranches(filter) ?? [whereOf(filter)];
  return beyond ? wheres.map((where) => sql`${where} and ${beyond}`) : wheres;
}

/**
 * A cursor page's ids and exact positions: up to `take` rows on one side of a position, nearest first — a range scan
 * of the list index (created_at desc, id desc: the row comparison is its index condition; newer rows read it backwards).
 */
export function cursorIdsQuery(filter: TransactionFilter, position: CursorPosition | null, direction: CursorDirection, take: number): SQL {
  const order = orderOf(direction === 'older' ? 'createdAt_DESC' : 'createdAt_ASC');
  const micros = sql.raw(CURSOR_MICROS_SQL);
  const wheres = cursorWheres(filter, position, direction);
  if (wheres.length === 1) return sql`select t.id, ${micros} as micros from transactions t where ${wheres[0]} order by ${order} limit ${take}`;
  return sql`select t.id, ${micros} as micros from (${sql.join(
    wheres.map((where) => sql`(select t.id, t.created_at from transactions t where ${where} order by ${order} limit ${take})`),
    sql` union `,
  )}) t order by ${order} limit ${take}`;
}

/** Whether any row of the filter lies on a side of a position. */
export function existsBeyondQuery(filter: TransactionFilter, position: CursorPosition, side: CursorDirection): SQL {
  return sql`select (${sql.join(
    cursorWheres(filter, position, side).map((where) => sql`exists (select 1 from transactions t where ${where})`),
    sql` or `,
  )}) as found`;
}

export interface CursorPageOptions {
  /** A cursor: the page holds the rows after it in list order (older). */
  startingAfter?: string | null;
  /** A cursor: the page holds the rows before it in list order (newer); the page itself is still newest first. */
  endingBefore?: string | null;
  /** 1 to 100. */
  limit: number;
}

export type CursorPageRow = PageRow & WithCursorPosition;

export interface CursorPage {
  /** Newest first, as the dashboard lists them. */
  rows: CursorPageRow[];
  /** More rows in the direction of paging: older ones for starting_after (and the first page), newer for ending_before. */
  hasMore: boolean;
  /** The last row's cursor when older rows follow it (for starting_after), else null. */
  nextCursor: string | null;
  /** The first row's cursor when newer rows precede it (for ending_before), else null. */
  previousCursor: string | null;
}

/** Matching rows counted up to `limit`. */
export function countQuery(filter: TransactionFilter, limit: number): SQL {
  const branches = searchBranches(filter);
  if (!branches) return sql`select count(*)::int as n from (select 1 from transactions t where ${whereOf(filter)} limit ${limit}) s`;
  return sql`select count(*)::int as n from (select id from (${sql.join(
    branches.map((where) => sql`(select t.id from transactions t where ${where} limit ${limit})`),
    sql` union `,
  )}) u limit ${limit}) s`;
}

export function createTransactionsRepository(db: Database, readDb: Database) {
  // The hottest reads are prepared once: no query building per request, and PostgreSQL plans them once per connection.
  const transactionById = readDb
    .select()
    .from(transactions)
    .where(eq(transactions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('transaction_by_id');
  const customersByIdsQuery = readDb
    .select()
    .from(customers)
    .where(sql`${customers.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('customers_by_ids');

  /** Runs a list query planned for its own values (not prepared: see PAGE_ROWS_SQL). */
  function planned<T extends Record<string, unknown>>(query: SQL) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return readDb.$client.query<T>({ text, values: params });
  }

  /** Full rows for ids, in the order given, each with its customer: one prepared statement (PAGE_ROWS_SQL). */
  async function byIds(ids: string[]): Promise<PageRow[]> {
    if (!ids.length) return [];
    const result = await readDb.$client.query<unknown[]>({ name: 'transaction_page_rows', text: PAGE_ROWS_SQL, values: [ids], rowMode: 'array' });
    const byId = new Map(result.rows.map((values) => [values[TRANSACTION_ID_INDEX] as string, values]));
    return ids.flatMap((id) => {
      const values = byId.get(id);
      return values
        ? [Object.assign(transactionOfPageRow(values), { [PAGE_CUSTOMER]: values[CUSTOMER_ID_INDEX] === null ? null : customerOfPageRow(values) })]
        : [];
    });
  }

  return {
    /** One page: its ids from an index-only scan, then those 20-odd full rows by primary key, each with its customer. */
    async page(filter: TransactionFilter, sort: TransactionSort, skip: number, take: number): Promise<PageRow[]> {
      const ids = await planned<{ id: string }>(pageIdsQuery(filter, sort, skip, take));
      return byIds(ids.rows.map((row) => row.id));
    },

    /**
     * An offset page in the cursor page's shape (the REST API's `offset`, kept for existing callers): limit+1 ids for
     * `hasMore`, and the cursors of its first and last rows read exactly (microseconds) so a caller can switch to
     * cursors from here.
     */
    async pageByOffset(filter: TransactionFilter, offset: number, limit: number): Promise<CursorPage> {
      const ids = await planned<{ id: string }>(pageIdsQuery(filter, 'createdAt_DESC', offset, limit + 1));
      const hasMore = ids.rows.length > limit;
      const pageIds = ids.rows.slice(0, limit).map((row) => row.id);
      const edges = pageIds.length ? [...new Set([pageIds[0]!, pageIds[pageIds.length - 1]!])] : [];
      const [rows, micros] = await Promise.all([
        byIds(pageIds),
        edges.length
          ? readDb.$client.query<{ id: string; micros: string }>({
              text: `select t.id, ${CURSOR_MICROS_SQL} as micros from transactions t where t.id = any($1::uuid[])`,
              values: [edges],
            })
          : Promise.resolve({ rows: [] as Array<{ id: string; micros: string }> }),
      ]);
      const positions = new Map(micros.rows.map((row) => [row.id, { createdAtMicros: BigInt(row.micros), id: row.id }]));
      const first = pageIds[0];
      const last = pageIds[pageIds.length - 1];
      return {
        rows: rows.map((row) =>
          Object.assign<PageRow, WithCursorPosition>(row, { [CURSOR_POSITION]: positions.get(row.id) ?? { createdAtMicros: 0n, id: row.id } }),
        ),
        hasMore,
        nextCursor: last && hasMore && positions.has(last) ? encodeCursor(positions.get(last)!) : null,
        previousCursor: first && offset > 0 && positions.has(first) ? encodeCursor(positions.get(first)!) : null,
      };
    },

    /**
     * A keyset page in the dashboard's order (created_at desc, id desc; equal timestamps ordered by id): the rows after
     * `startingAfter`, or before `endingBefore`, or the first page. Reads limit+1 ids in the direction of paging for
     * `hasMore`, then the rows by id; with a cursor, one more index probe says whether rows lie the other way. Throws
     * CursorError for a cursor this API did not produce, or for both cursors at once. Positions are exact to the
     * microsecond (CURSOR_MICROS_SQL). The filter alone scopes account and mode: a cursor is only a position.
     */
    async pageByCursor(filter: TransactionFilter, options: CursorPageOptions): Promise<CursorPage> {
      if (options.startingAfter != null && options.endingBefore != null) {
        throw new CursorError('ending_before', 'starting_after and ending_before cannot be combined: page one way at a time.');
      }
      if (!Number.isInteger(options.limit) || options.limit < 1 || options.limit > 100) throw new RangeError('limit is 1 to 100');
      const direction: CursorDirection = options.endingBefore != null ? 'newer' : 'older';
      const position =
        options.endingBefore != null
          ? decodeCursor(options.endingBefore, 'ending_before')
          : options.startingAfter != null
            ? decodeCursor(options.startingAfter, 'starting_after')
            : null;
      const found = await planned<{ id: string; micros: string }>(cursorIdsQuery(filter, position, direction, options.limit + 1));
      const hasMore = found.rows.length > options.limit;
      const page = found.rows.slice(0, options.limit);
      if (direction === 'newer') page.reverse();
      const positions = new Map(page.map((row) => [row.id, { createdAtMicros: BigInt(row.micros), id: row.id }]));
      // The other way from the page: rows past its newest (after starting_after) or its oldest (before ending_before).
      const edge = page.length && position ? (direction === 'older' ? page[0]! : page[page.length - 1]!) : null;
      const [rows, otherWay] = await Promise.all([
        byIds(page.map((row) => row.id)),
        edge
          ? planned<{ found: boolean }>(existsBeyondQuery(filter, positions.get(edge.id)!, direction === 'older' ? 'newer' : 'older')).then(
              (r) => r.rows[0]!.found,
            )
          : Promise.resolve(false),
      ]);
      const withPositions = rows.map((row) => Object.assign<PageRow, WithCursorPosition>(row, { [CURSOR_POSITION]: positions.get(row.id)! }));
      const first = withPositions[0];
      const last = withPositions[withPositions.length - 1];
      const newerExist = direction === 'newer' ? hasMore : otherWay;
      const olderExist = direction === 'older' ? hasMore : otherWay;
      return {
        rows: withPositions,
        hasMore,
        nextCursor: last && olderExist ? encodeCursor(last) : null,
        previousCursor: first && newerExist ? encodeCursor(first) : null,
      };
    },

    /** Counts matching rows up to `limit` (index-only); the caller reports "limit-1 or more" past it. */
    async countUpTo(filter: TransactionFilter, limit: number): Promise<number> {
      const result = await planned<{ n: number }>(countQuery(filter, limit));
      return result.rows[0]!.n;
    },

    /**
     * Counts a filter of kind, statuses and a created range from the daily rollups: whole UTC days inside the range are
     * summed, and only the rows of the partial days at its ends are counted in the table (up to `edgeLimit`).
     */
    async countByDays(filter: TransactionFilter, rollupKinds: string[], edgeLimit: number): Promise<{ days: number; edges: number }> {
      const { headEnd, tailStart } = partialDaysOf(filter.minCreatedAt, filter.maxCreatedAt);
      const statusFilter = filter.statuses?.length
        ? sql` and status in (${sql.join(
            filter.statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`
        : sql``;
      const dayRange = sql`${headEnd ? sql` and day >= ${headEnd.toISOString().slice(0, 10)}::date` : sql``}${tailStart ? sql` and day < ${tailStart.toISOString().slice(0, 10)}::date` : sql``}`;
      const partial = [
        headEnd && sql`t.created_at < ${headEnd.toISOString()}::timestamptz`,
        tailStart && sql`t.created_at >= ${tailStart.toISOString()}::timestamptz`,
      ].filter((part): part is SQL => Boolean(part));
      const edges = partial.length
        ? sql`(select count(*)::int from (select 1 from transactions t where ${whereOf(filter)} and (${sql.join(partial, sql` or `)}) limit ${edgeLimit}) e)`
        : sql`0`;
      const result = await planned<{ days: number; edges: number }>(sql`
        select (select coalesce(sum(tx_count), 0)::int from transaction_rollups
                where account_id = ${filter.accountId} and live_mode = ${filter.liveMode} and kind in (${sql.join(
                  rollupKinds.map((k) => sql`${k}`),
                  sql`, `,
                )})${statusFilter}${dayRange}) as days,
               ${edges} as edges`);
      return result.rows[0]!;
    },

    async find(id: string, executor: Database = readDb): Promise<TransactionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] =
        executor === readDb ? await transactionById.execute({ id }) : await executor.select().from(transactions).where(eq(transactions.id, id)).limit(1);
      return row;
    },

    findPrimary: (id: string) =>
      isUuid(id)
        ? db
            .select()
            .from(transactions)
            .where(eq(transactions.id, id))
            .limit(1)
            .then((rows) => rows[0])
        : Promise.resolve(undefined),

    /** The owning account of a transaction of a kind, for the @entity access rule. */
    async accountOf(id: string, kind: TransactionKind | null): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ accountId: transactions.accountId })
        .from(transactions)
        .where(kind ? and(eq(transactions.id, id), eq(transactions.kind, kind)) : eq(transactions.id, id))
        .limit(1);
      return row?.accountId ?? null;
    },

    insert: (executor: Executor, values: typeof transactions.$inferInsert): Promise<TransactionRow> => insertRow(executor, transactions, values),

    /** Locks a transaction for a status change. */
    async lock(executor: Executor, id: string): Promise<TransactionRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor.select().from(transactions).where(eq(transactions.id, id)).for('update').limit(1);
      return row;
    },

    async update(executor: Executor, id: string, values: Partial<typeof transactions.$inferInsert>, history?: StatusHistoryEntry): Promise<TransactionRow> {
      const [row] = await executor
        .update(transactions)
        .set({
          ...values,
          updatedAt: new Date(),
          ...(history ? { statusHistory: sql`${transactions.statusHistory} || ${JSON.stringify([history])}::jsonb` } : {}),
        })
        .where(eq(transactions.id, id))
        .returning();
      return row!;
    },

    // Customers

    async customer(accountId: string, liveMode: boolean, by: { id?: string | null; externalCustomerId?: string | null }): Promise<CustomerRow | undefined> {
      const conditions = [eq(customers.accountId, accountId), eq(customers.liveMode, liveMode)];
      if (by.id) {
        if (!isUuid(by.id)) return undefined;
        conditions.push(eq(customers.id, by.id));
      } else if (by.externalCustomerId) conditions.push(eq(customers.externalCustomerId, by.externalCustomerId));
      else return undefined;
      const [row] = await readDb
        .select()
        .from(customers)
        .where(and(...conditions))
        .limit(1);
      return row;
    },

    async customerById(id: string, executor: Executor = readDb): Promise<CustomerRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async customersByIds(ids: string[]): Promise<CustomerRow[]> {
      if (!ids.length) return [];
      return customersByIdsQuery.execute({ ids });
    },

    /** A page of customers, newest first; a search is a UNION of an e-mail and an external-id branch (see searchBranches). */
    async customerPage(accountId: string, liveMode: boolean, search: string | null, skip: number, take: number, countLimit: number) {
      const base = sql`c.account_id = ${accountId} and c.live_mode = ${liveMode}`;
      const term = searchTermOf(search);
      const conditions =
        term === null
          ? [base]
          : term.kind === 'id'
            ? [sql`${base} and c.id = ${term.id}`]
            : [
                ...(term.kind === 'prefix' || term.value.includes('@') ? [sql`${base} and ${emailMatches(sql`c.email`, term)}`] : []),
                sql`${base} and ${matches(sql`c.external_customer_id`, term)}`,
              ];
      const order = sql`c.created_at desc nulls last, c.id desc nulls last`;
      // Each branch's own first skip+take rows hold the union's first skip+take.
      const ids = await readDb.execute<{ id: string }>(
        conditions.length === 1
          ? sql`select c.id from customers c where ${conditions[0]} order by ${order} offset ${skip} limit ${take}`
          : sql`select c.id from (${sql.join(
              conditions.map((where) => sql`(select c.id, c.created_at from customers c where ${where} order by ${order} limit ${skip + take})`),
              sql` union `,
            )}) c order by ${order} offset ${skip} limit ${take}`,
      );
      const count = await readDb.execute<{ n: number }>(
        conditions.length === 1
          ? sql`select count(*)::int as n from (select 1 from customers c where ${conditions[0]} limit ${countLimit}) s`
          : sql`select count(*)::int as n from (select id from (${sql.join(
              conditions.map((where) => sql`(select c.id from customers c where ${where} limit ${countLimit})`),
              sql` union `,
            )}) u limit ${countLimit}) s`,
      );
      const rows = await this.customersByIds(ids.rows.map((r) => r.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { rows: ids.rows.map((r) => byId.get(r.id)!).filter(Boolean), count: count.rows[0]!.n };
    },

    async filesOf(customerId: string): Promise<CustomerFileRow[]> {
      return readDb.select().from(customerFiles).where(eq(customerFiles.customerId, customerId)).orderBy(customerFiles.createdAt);
    },

    async cardsOf(customerId: string, skip: number, take: number): Promise<{ rows: CustomerCardRow[]; count: number }> {
      const rows = await readDb
        .select()
        .from(customerCards)
        .where(eq(customerCards.customerId, customerId))
        .orderBy(sql`${customerCards.createdAt} desc nulls last, ${customerCards.id} desc nulls last`)
        .offset(skip)
        .limit(take);
      const [count] = await readDb
        .select({ n: sql<number>`count(*)::int` })
        .from(customerCards)
        .where(eq(customerCards.customerId, customerId));
      return { rows, count: count!.n };
    },

    async setCustomerBlocked(executor: Executor, id: string, blocked: boolean, by: string): Promise<CustomerRow> {
      const [row] = await executor
        .update(customers)
        .set({ isBlocked: blocked, blockedAt: blocked ? new Date() : null, blockedBy: blocked ? by : null, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row!;
    },

    /** Balances per currency from a customer's completed balance transactions: deposits and rewards in, withdrawals out. */
    async customerBalances(accountId: string, liveMode: boolean, customerId: string) {
      const result = await readDb.execute<{ currency: string; balance: string; deposited: string; withdrawn: string; rewarded: string; pending: string }>(sql`
        select fiat_currency_code as currency,
          coalesce(sum(case when balance_type = 'Withdrawal' then -amount else amount end) filter (where status = 'Completed'), 0)::text as balance,
          coalesce(sum(amount) filter (where status = 'Completed' and balance_type = 'Deposit'), 0)::text as deposited,
          coalesce(sum(amount) filter (where status = 'Completed' and balance_type = 'Withdrawal'), 0)::text as withdrawn,
          coalesce(sum(amount) filter (where status = 'Completed' and balance_type = 'Reward'), 0)::text as rewarded,
          coalesce(sum(amount) filter (where status in ('Pending', 'WaitingPayment')), 0)::text as pending
        from transactions where customer_id = ${customerId} and account_id = ${accountId} and live_mode = ${liveMode} and kind = 'balance'
        group by 1 order by 1`);
      return result.rows;
    },

    /** The pg client the CSV export streams from (a replica when READ_DATABASE_URL is set). */
    exec: (executor: SqlExecutor, query: SQL) => executor.execute(query),
    byIds,
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
