import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';

export type WalletAddressRow = typeof walletAddresses.$inferSelect;

/** The mark a change sets: one of the two flags, with its reason and time. */
export type WalletMark =
  { isBlocked: boolean; blockReason: string; blockedAt: Date | null } | { isTrusted: boolean; trustReason: string; trustedAt: Date | null };

export function createWalletsRepository(db: Database) {
  const withEditor = { row: walletAddresses, updatedBy: users.email };
  return {
    async page(search: string | null, skip: number, take: number) {
      const where = search ? ilike(walletAddresses.address, `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined;
      const [items, [count]] = await Promise.all([
        db
          .select(withEditor)
          .from(walletAddresses)
          .leftJoin(users, eq(users.id, walletAddresses.updatedByUserId))
          .where(where)
          .orderBy(desc(walletAddresses.updatedAt), desc(walletAddresses.id))
          .offset(skip)
          .limit(take),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(walletAddresses)
          .where(where),
      ]);
      return { items, totalCount: count?.total ?? 0 };
    },

    async find(address: string): Promise<WalletAddressRow | undefined> {
      const [row] = await db.select().from(walletAddresses).where(eq(walletAddresses.address, address)).limit(1);
      return row;
    },

    /** The rows of these (normalized) addresses that exist: the widget's check of a transaction's addresses. */
    async findMany(addresses: string[]): Promise<WalletAddressRow[]> {
      if (addresses.length === 0) return [];
      return db.select().from(walletAddresses).where(inArray(walletAddresses.address, addresses));
    },

    /**
     * Sets or clears a mark unless the address already is so (then undefined). Setting creates the row on first use;
     * clearing needs the mark set. The condition makes two staff members' concurrent "block" one change and one refusal.
     */
    async mark(address: string, mark: WalletMark, userId: string): Promise<WalletAddressRow | undefined> {
      const flag = 'isBlocked' in mark ? walletAddresses.isBlocked : walletAddresses.isTrusted;
      const value = 'isBlocked' in mark ? mark.isBlocked : mark.isTrusted;
      const now = new Date();
      if (!value) {
        const [row] = await db
          .update(walletAddresses)
          .set({ ...mark, updatedByUserId: userId, updatedAt: now })
          .where(and(eq(walletAddresses.address, address), eq(flag, true)))
          .returning();
        return row;
      }
      const [row] = await db
        .insert(walletAddresses)
        .values({ address, ...mark, updatedByUserId: userId, updatedAt: now })
        .onConflictDoUpdate({ target: walletAddresses.address, set: { ...mark, updatedByUserId: userId, updatedAt: now }, setWhere: eq(flag, false) })
        .returning();
      return row;
    },
  };
}

export type WalletsRepository = ReturnType<typeof createWalletsRepository>;
