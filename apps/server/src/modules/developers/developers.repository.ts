import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/developers.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { plainSecret?: string };

const alive = () => or(isNull(apiKeys.deletedAt), gt(apiKeys.deletedAt, sql`now()`));

export function createDevelopersRepository(db: Database) {
  return {
    async accountOfKey(id: string): Promise<string | null> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select({ accountId: apiKeys.accountId }).from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row?.accountId ?? null;
    },
    async findKey(id: string) {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row;
    },
    async liveKeys(accountId: string, liveMode: boolean) {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.liveMode, liveMode), alive()))
        .orderBy(asc(apiKeys.type), asc(apiKeys.createdAt));
    },
    async insertKey(values: typeof apiKeys.$inferInsert) {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },
    async setDeletedAt(id: string, deletedAt: Date) {
      await db.update(apiKeys).set({ deletedAt, updatedAt: new Date() }).where(eq(apiKeys.id, id));
    },
    async hardDeleteExpired(id: string) {
      await db.delete(apiKeys).where(and(eq(apiKeys.id, id), sql`${apiKeys.deletedAt} <= now()`));
    },
    /** A working secret key by its hash: the account and mode it acts for. */
    async findBySecretHash(hash: string) {
      const [row] = await db
        .select({ id: apiKeys.id, accountId: apiKeys.accountId, liveMode: apiKeys.liveMode, type: apiKeys.type })
        .from(apiKeys)
        .where(and(eq(apiKeys.secretHash, hash), alive()))
        .limit(1);
      return row;
    },
    async webhookKey(accountId: string, liveMode: boolean): Promise<string | null> {
      const [row] = await db
        .select({ value: apiKeys.displayValue })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.liveMode, liveMode), eq(apiKeys.type, 'webhook'), alive()))
        .orderBy(sql`${apiKeys.createdAt} desc`)
        .limit(1);
      return row?.value ?? null;
    },
  };
}

export type DevelopersRepository = ReturnType<typeof createDevelopersRepository>;
