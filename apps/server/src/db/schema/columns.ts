import { boolean, numeric, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column builders every table repeats, so a table lists only what is its own. */

/** A random UUID primary key. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp column keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A required reference to the row that owns this one: deleting the owner deletes it. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: 'cascade' });

/** The key every rollup table starts with: account, mode and kind (then its day or month). */
export const rollupKey = () => ({
  accountId: uuid('account_id').notNull(),
  liveMode: boolean('live_mode').notNull(),
  kind: text('kind').notNull(),
});

/** A rollup's summed volume in each reporting currency. */
export const volumeTotals = () => ({
  volumeUsd: numeric('volume_usd').notNull().default('0'),
  volumeEur: numeric('volume_eur').notNull().default('0'),
  volumeGbp: numeric('volume_gbp').notNull().default('0'),
});
