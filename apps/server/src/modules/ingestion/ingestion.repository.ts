import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertRow } from '../../db/row-queries.ts';
import type { Executor } from '../../db/executor.ts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema/accounts.ts';
import { ingestionCredentials } from '../../db/schema/ingestion.ts';
import { customers, transactions } from '../../db/schema/transactions.ts';

export type CredentialRow = typeof ingestionCredentials.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** An event taken into the inbox: its key, and the entity it is about. */
export interface InboxEntry {
  source: string;
  id: string;
  type: string;
  entityId: string;
}

export interface StaleEntry extends InboxEntry {
  version: number;
  storedVersion: number;
  data: Record<string, unknown>;
}

const key = (source: string, id: string) => JSON.stringify([source, id]);

/** Ids (UUIDs, checked by the schemas) as one array parameter: an IN list of thousands costs more to plan than to run. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Each column's property and its name in the table. */
const COLUMNS = {
  transactions: Object.entries(getTableColumns(transactions)).map(([property, column]) => [property, column.name] as const),
  customers: Object.entries(getTableColumns(customers)).map(([property, column]) => [property, column.name] as const),
};

/** Rows as JSON objects keyed by column name, for jsonb_populate_recordset: one parameter for a whole batch, in id order. */
function asRecords(table: keyof typeof COLUMNS, rows: Array<Record<string, unknown>>): string {
  const columns = COLUMNS[table];
  return JSON.stringify(
    [...rows]
      .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
      .map((row) =>
        Object.fromEntries(
          columns.map(([property, name]) => {
            const value = row[property];
            return [name, value instanceof Date ? value.toISOString() : (value ?? null)];
          }),
        ),
      ),
  );
}

/** `col = n.col, …` for every column but those an entity never changes (its key among them). */
function assignments(table: keyof typeof COLUMNS, fixed: string[]): SQL {
  const names = COLUMNS[table].map(([, name]) => name).filter((name) => !fixed.includes(name));
  return sql.raw(names.map((name) => `${name} = n.${name}`).join(', '));
}

/** Inserts the rows whose id is not there yet, in one statement; answers how many were inserted. */
async function insertNew(executor: Executor, table: keyof typeof COLUMNS, rows: Array<Record<string, unknown>>): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await executor.execute(sql`
    insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${asRecords(table, rows)}::jsonb)
    on conflict (id) do nothing`);
  return result.rowCount ?? 0;
}

/** Sets every column but the `fixed` ones of the rows with these ids, in one statement. */
async function updateAll(executor: Executor, table: keyof typeof COLUMNS, fixed: string[], rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  await executor.execute(sql`
    update ${sql.identifier(table)} existing set ${assignments(table, fixed)}
    from jsonb_populate_recordset(null::${sql.identifier(table)}, ${asRecords(table, rows)}::jsonb) n where existing.id = n.id`);
}

/** The batch's rows of `table` that exist, locked in id order (two batches touching the same rows cannot deadlock). */
async function lockExisting<T extends typeof transactions | typeof customers>(executor: Executor, table: T, ids: string[]): Promise<T['$inferSelect'][]> {
  if (ids.length === 0) return [];
  const source: PgTable = table;
  const rows = await executor
    .select()
    .from(source)
    .where(sql`${table.id} = any(${uuidArray(ids)})`)
    .orderBy(asc(table.id))
    .for('update');
  return rows as T['$inferSelect'][];
}

export function createIngestionRepository(db: Database) {
  return {
    db,

    // Credentials

    async activeCredentials(executor: Executor): Promise<CredentialRow[]> {
      return executor.select().from(ingestionCredentials).where(isNull(ingestionCredentials.revokedAt)).orderBy(asc(ingestionCredentials.createdAt));
    },
    /** Serialises credential changes, so two creations at once cannot both see one active credential and make three. */
    async lockCredentials(executor: Executor): Promise<void> {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext('ingestion_credentials'))`);
    },
    insertCredential: (executor: Executor, values: typeof ingestionCredentials.$inferInsert): Promise<CredentialRow> =>
      insertRow(executor, ingestionCredentials, values),
    async revokeCredential(executor: Executor, id: string): Promise<CredentialRow | null> {
      const [row] = await executor
        .update(ingestionCredentials)
        .set({ revokedAt: sql`coalesce(${ingestionCredentials.revokedAt}, now())` })
        .where(eq(ingestionCredentials.id, id))
        .returning();
      return row ?? null;
    },
    async listCredentials(): Promise<CredentialRow[]> {
      return db
        .select()
        .from(ingestionCredentials)
        .orderBy(sql`${ingestionCredentials.revokedAt} is not null`, desc(ingestionCredentials.createdAt))
        .limit(200);
    },
    async credentialBySecretHash(hash: string): Promise<CredentialRow | null> {
      const [row] = await db
        .select()
        .from(ingestionCredentials)
        .where(and(eq(ingestionCredentials.secretHash, hash), isNull(ingestionCredentials.revokedAt)))
        .limit(1);
      return row ?? null;
    },
    /** At most once a minute per credential: a busy core must not turn every request into a write of this row. */
    async touchCredential(id: string): Promise<void> {
      await db
        .update(ingestionCredentials)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(ingestionCredentials.id, id),
            sql`(${ingestionCredentials.lastUsedAt} is null or ${ingestionCredentials.lastUsedAt} < now() - interval '1 minute')`,
          ),
        );
    },

    // Events

    /**
     * Takes a batch's events into the inbox in one statement; answers the keys that were new. A key already there
     * (or being taken by a concurrent batch, which this waits for) is a redelivery.
     */
    async takeIntoInbox(executor: Executor, entries: InboxEntry[], credentialId: string | null): Promise<Set<string>> {
      if (entries.length === 0) return new Set();
      const result = await executor.execute<{ source: string; event_id: string }>(sql`
        insert into ingestion_inbox (source, event_id, type, entity_id, outcome, credential_id)
        select e.source, e.id, e.type, e.entity_id, 'accepted', ${credentialId}::uuid
        from jsonb_to_recordset(${JSON.stringify(entries.map((entry) => ({ source: entry.source, id: entry.id, type: entry.type, entity_id: entry.entityId })))}::jsonb)
          as e(source text, id text, type text, entity_id uuid)
        order by e.source, e.id -- one order for every batch: two batches sharing keys wait, never deadlock
        on conflict (source, event_id) do nothing
        returning source, event_id`);
      return new Set(result.rows.map((row) => key(row.source, row.event_id)));
    },
    /** Events refused after they were taken in leave the inbox again (a corrected resend with the same id is applied). */
    async releaseFromInbox(executor: Executor, entries: Array<{ source: string; id: string }>): Promise<void> {
      if (entries.length === 0) return;
      await executor.execute(sql`
        delete from ingestion_inbox i using jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) as e(source text, id text)
        where i.source = e.source and i.event_id = e.id`);
    },
    /** Stale events: recorded with their data, and marked so in the inbox. */
    async recordStale(executor: Executor, entries: StaleEntry[]): Promise<void> {
      if (entries.length === 0) return;
      const rows = JSON.stringify(
        entries.map((e) => ({
          source: e.source,
          id: e.id,
          type: e.type,
          entity_id: e.entityId,
          version: e.version,
          stored_version: e.storedVersion,
          data: e.data,
        })),
      );
      await executor.execute(sql`
        with e as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as e(source text, id text, type text, entity_id uuid, version int, stored_version int, data jsonb)
        ), marked as (
          update ingestion_inbox i set outcome = 'stale' from e where i.source = e.source and i.event_id = e.id
        )
        insert into ingestion_stale_events (source, event_id, type, entity_id, version, stored_version, data)
        select source, id, type, entity_id, version, stored_version, data from e`);
    },

    async existingAccounts(executor: Executor, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await executor
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.id} = any(${uuidArray(ids)})`);
      return new Set(rows.map((row) => row.id));
    },
    lockTransactions: (executor: Executor, ids: string[]): Promise<TransactionRow[]> => lockExisting(executor, transactions, ids),
    lockCustomers: (executor: Executor, ids: string[]): Promise<CustomerRow[]> => lockExisting(executor, customers, ids),
    /** New transactions in one statement; answers how many were inserted (fewer: a concurrent batch inserted some). */
    insertTransactions: (executor: Executor, rows: TransactionRow[]) => insertNew(executor, 'transactions', rows),
    updateTransactions: (executor: Executor, rows: TransactionRow[]) =>
      updateAll(executor, 'transactions', ['id', 'account_id', 'live_mode', 'kind', 'is_nft'], rows),
    insertCustomers: (executor: Executor, rows: CustomerRow[]) => insertNew(executor, 'customers', rows),
    updateCustomers: (executor: Executor, rows: CustomerRow[]) => updateAll(executor, 'customers', ['id', 'account_id', 'live_mode'], rows),
    /** The files of these customers replaced by the given ones (a customer with an empty list has none). */
    async replaceFiles(executor: Executor, files: Map<string, Array<{ type: string; reviewResult: string | null }>>): Promise<void> {
      if (files.size === 0) return;
      const rows = [...files].flatMap(([customerId, list]) =>
        list.map((file) => ({ customer_id: customerId, type: file.type, review_result: file.reviewResult })),
      );
      await executor.execute(sql`delete from customer_files where customer_id = any(${uuidArray([...files.keys()])})`);
      if (rows.length)
        await executor.execute(sql`
          insert into customer_files (customer_id, type, review_result)
          select customer_id, type, review_result from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as f(customer_id uuid, type text, review_result text)`);
    },
    key,
  };
}

export type IngestionRepository = ReturnType<typeof createIngestionRepository>;
