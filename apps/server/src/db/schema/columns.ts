import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column builders every table repeats, so a table lists only what is its own. */

/** A random UUID primary key. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** A point in time; every timestamp column keeps its time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** A required reference to the row that owns this one: deleting the owner deletes it. */
export const ownedBy = (name: string, owner: () => AnyPgColumn) => uuid(name).notNull().references(owner, { onDelete: 'cascade' });
