import { eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { isUuid } from '../lib/uuid.ts';
import type { Executor } from './executor.ts';

// The row queries every repository writes: one row read by a key, one row changed by a key, the account owning a row.

/**
 * The first row of `table` that `where` selects, in `orderBy` order when given (the one row, for a unique key), or
 * undefined when there is none.
 */
export async function firstWhere<T extends PgTable>(db: Executor, table: T, where: SQL | undefined, ...orderBy: SQL[]): Promise<T['$inferSelect'] | undefined> {
  const source: PgTable = table;
  const [row] = await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return row;
}

/** Sets `values` on the row of `table` that `where` selects, and its updatedAt to now: the row as it is then. */
export async function updateWhere<T extends PgTable & { updatedAt: AnyPgColumn }>(
  db: Executor,
  table: T,
  where: SQL,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const target: PgTable = table;
  const [row] = await db
    .update(target)
    .set({ ...values, updatedAt: new Date() })
    .where(where)
    .returning();
  return row as T['$inferSelect'];
}

/**
 * The account owning the row of `table` with this id (the @entity directive's lookup), or null when there is none:
 * an id that is no UUID names no row.
 */
export async function accountOfRow<T extends PgTable & { id: AnyPgColumn; accountId: AnyPgColumn }>(
  db: Executor,
  table: T,
  id: string,
): Promise<string | null> {
  if (!isUuid(id)) return null;
  const source: PgTable = table;
  const [row] = await db.select({ accountId: table.accountId }).from(source).where(eq(table.id, id)).limit(1);
  return (row?.accountId as string | undefined) ?? null;
}

/** Inserts one row into `table`: the row as written, with its defaults (id, timestamps) filled in. */
export async function insertRow<T extends PgTable>(db: Executor, table: T, values: T['$inferInsert']): Promise<T['$inferSelect']> {
  const target: PgTable = table;
  const [row] = await db.insert(target).values(values).returning();
  return row as T['$inferSelect'];
}
