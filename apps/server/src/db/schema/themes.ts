import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, updatedAt } from './columns.ts';
import type { ThemeConfig } from '@rampart/shared/themes';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';

/**
 * Widget themes (spec §3 Theme). An account keeps several; at most one is active (partial unique index), and the
 * widget opened by URL uses that one. `version` counts saves: a save names the version it was based on and is refused
 * when another save came first (optimistic concurrency).
 */
export const themes = pgTable(
  'themes',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    version: integer('version').notNull().default(1),
    config: jsonb('config').$type<ThemeConfig>().notNull(),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('themes_one_active_per_account')
      .on(table.accountId)
      .where(sql`${table.isActive}`),
    index('themes_account_idx').on(table.accountId, table.createdAt),
  ],
);

/** Every saved version of a theme, the current one included: history and restore read these. */
export const themeVersions = pgTable(
  'theme_versions',
  {
    themeId: ownedBy('theme_id', () => themes.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    config: jsonb('config').$type<ThemeConfig>().notNull(),
    /** Set when this version was made by restoring an earlier one. */
    restoredFromVersion: integer('restored_from_version'),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.themeId, table.version] })],
);
