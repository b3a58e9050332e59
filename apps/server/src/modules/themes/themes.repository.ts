import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ThemeConfig } from '@rampart/shared/themes';
import type { Database } from '../../db/client.ts';
import { themes, themeVersions } from '../../db/schema/themes.ts';
import { users } from '../../db/schema/identity.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface ThemeAuthor {
  id: string;
  name: string;
}

/** A theme with the name of who saved it last (null: no one, or that user was deleted). */
export type ThemeRow = typeof themes.$inferSelect & { updatedBy: ThemeAuthor | null };
export type ThemeVersionRow = typeof themeVersions.$inferSelect & { createdBy: ThemeAuthor | null };

const author = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

function authorOf(row: { id: string; firstName: string; lastName: string; email: string } | null): ThemeAuthor | null {
  return row ? { id: row.id, name: `${row.firstName} ${row.lastName}`.trim() || row.email } : null;
}

export function createThemesRepository(db: Database) {
  async function themesWhere(where: ReturnType<typeof and>): Promise<ThemeRow[]> {
    const rows = await db
      .select({ theme: themes, author })
      .from(themes)
      .leftJoin(users, eq(users.id, themes.updatedByUserId))
      .where(where)
      .orderBy(desc(themes.isActive), desc(themes.createdAt), desc(themes.id));
    return rows.map((row) => ({ ...row.theme, updatedBy: authorOf(row.author) }));
  }

  return {
    /** The account's themes, the active one first, then newest first. */
    listForAccount: (accountId: string) => themesWhere(eq(themes.accountId, accountId)),

    /** A theme of this account; another account's id (or a malformed one) finds nothing. */
    async findInAccount(accountId: string, themeId: string): Promise<ThemeRow | null> {
      if (!isUuid(themeId)) return null;
      const [row] = await themesWhere(and(eq(themes.accountId, accountId), eq(themes.id, themeId)));
      return row ?? null;
    },

    async findActive(accountId: string): Promise<ThemeRow | null> {
      const [row] = await themesWhere(and(eq(themes.accountId, accountId), eq(themes.isActive, true)));
      return row ?? null;
    },

    async activeConfig(accountId: string): Promise<ThemeConfig | null> {
      if (!isUuid(accountId)) return null;
      const [row] = await db
        .select({ config: themes.config })
        .from(themes)
        .where(and(eq(themes.accountId, accountId), eq(themes.isActive, true)))
        .limit(1);
      return row?.config ?? null;
    },

    /**
     * Serialises the changes to which theme is active within one account until the transaction ends: two activations
     * at once would otherwise both see the old active theme and the second would break the one-active index.
     */
    async lockAccountThemes(accountId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`themes:${accountId}`}, 0))`);
    },

    async insertTheme(values: { accountId: string; name: string; isActive: boolean; config: ThemeConfig; userId: string | null }): Promise<string> {
      const [row] = await db
        .insert(themes)
        .values({
          accountId: values.accountId,
          name: values.name,
          isActive: values.isActive,
          version: 1,
          config: values.config,
          createdByUserId: values.userId,
          updatedByUserId: values.userId,
        })
        .returning({ id: themes.id });
      await db.insert(themeVersions).values({ themeId: row!.id, version: 1, name: values.name, config: values.config, createdByUserId: values.userId });
      return row!.id;
    },

    async deactivateAll(accountId: string): Promise<void> {
      await db
        .update(themes)
        .set({ isActive: false })
        .where(and(eq(themes.accountId, accountId), eq(themes.isActive, true)));
    },

    async activate(themeId: string): Promise<void> {
      await db.update(themes).set({ isActive: true }).where(eq(themes.id, themeId));
    },

    /**
     * The optimistic save: a new version of the account's active theme, only if it still is at `expectedVersion` (and
     * is `themeId` when given). Null when another save came first or the active theme changed; nothing is written then.
     */
    async saveActiveVersion(input: {
      accountId: string;
      themeId: string | null;
      expectedVersion: number;
      name: string | null;
      config: ThemeConfig;
      restoredFromVersion: number | null;
      userId: string | null;
    }): Promise<string | null> {
      const conditions = [eq(themes.accountId, input.accountId), eq(themes.isActive, true), eq(themes.version, input.expectedVersion)];
      if (input.themeId) conditions.push(eq(themes.id, input.themeId));
      const [row] = await db
        .update(themes)
        .set({
          version: sql`${themes.version} + 1`,
          name: input.name ?? sql`${themes.name}`,
          config: input.config,
          updatedAt: sql`now()`,
          updatedByUserId: input.userId,
        })
        .where(and(...conditions))
        .returning({ id: themes.id, version: themes.version, name: themes.name });
      if (!row) return null;
      await db.insert(themeVersions).values({
        themeId: row.id,
        version: row.version,
        name: row.name,
        config: input.config,
        restoredFromVersion: input.restoredFromVersion,
        createdByUserId: input.userId,
      });
      return row.id;
    },

    /** Every version of each theme, newest first, with who saved each: one query for a list of themes. */
    async versionsOf(themeIds: string[]): Promise<Map<string, ThemeVersionRow[]>> {
      const byTheme = new Map<string, ThemeVersionRow[]>(themeIds.map((id) => [id, []]));
      if (themeIds.length === 0) return byTheme;
      const rows = await db
        .select({ version: themeVersions, author })
        .from(themeVersions)
        .leftJoin(users, eq(users.id, themeVersions.createdByUserId))
        .where(inArray(themeVersions.themeId, themeIds))
        .orderBy(themeVersions.themeId, desc(themeVersions.version));
      for (const row of rows) byTheme.get(row.version.themeId)?.push({ ...row.version, createdBy: authorOf(row.author) });
      return byTheme;
    },

    async findVersion(themeId: string, version: number): Promise<ThemeVersionRow | null> {
      const rows = await db
        .select({ version: themeVersions, author })
        .from(themeVersions)
        .leftJoin(users, eq(users.id, themeVersions.createdByUserId))
        .where(and(eq(themeVersions.themeId, themeId), eq(themeVersions.version, version)))
        .limit(1);
      const row = rows[0];
      return row ? { ...row.version, createdBy: authorOf(row.author) } : null;
    },

    /** Deletes an inactive theme of the account (its versions go with it); false when there was none to delete. */
    async deleteInactive(accountId: string, themeId: string): Promise<boolean> {
      const rows = await db
        .delete(themes)
        .where(and(eq(themes.accountId, accountId), eq(themes.id, themeId), eq(themes.isActive, false)))
        .returning({ id: themes.id });
      return rows.length > 0;
    },
  };
}

export type ThemesRepository = ReturnType<typeof createThemesRepository>;
