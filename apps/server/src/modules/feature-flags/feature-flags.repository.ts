import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, featureFlags, organizations } from '../../db/schema/accounts.ts';

export type FeatureFlagRow = typeof featureFlags.$inferSelect;
export type FeatureFlagRule = FeatureFlagRow['rules'][number];

export function createFeatureFlagsRepository(db: Database) {
  return {
    list: (): Promise<FeatureFlagRow[]> => db.select().from(featureFlags).orderBy(asc(featureFlags.key)),

    /** The flag, locked until the unit of work ends: two staff edits of one flag do not lose each other's rules. */
    async lock(key: string): Promise<FeatureFlagRow | undefined> {
      const [row] = await db.select().from(featureFlags).where(eq(featureFlags.key, key)).for('update');
      return row;
    },

    async update(key: string, values: Pick<FeatureFlagRow, 'defaultValue' | 'rules'>): Promise<FeatureFlagRow> {
      const [row] = await db
        .update(featureFlags)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(featureFlags.key, key))
        .returning();
      return row!;
    },

    async organizationNames(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async accountNames(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type FeatureFlagsRepository = ReturnType<typeof createFeatureFlagsRepository>;
