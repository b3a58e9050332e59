import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertRow } from '../../db/row-queries.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { nftCollections } from '../../db/schema/settings.ts';
import { nftMints } from '../../db/schema/passes.ts';

export type NftMintRow = typeof nftMints.$inferSelect;
export type NftCollectionRow = typeof nftCollections.$inferSelect;

export function createMintingRepository(db: Database) {
  return {
    async mintingEnabled(accountId: string): Promise<boolean | null> {
      const [row] = await db.select({ onboardingInfo: accounts.onboardingInfo }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row ? row.onboardingInfo.isMintingEnabled === true : null;
    },
    /** Sets onboardingInfo.isMintingEnabled; false when the account does not exist. */
    async setMintingEnabled(accountId: string, isEnabled: boolean): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ onboardingInfo: sql`${accounts.onboardingInfo} || jsonb_build_object('isMintingEnabled', ${isEnabled}::boolean)` })
        .where(eq(accounts.id, accountId))
        .returning({ id: accounts.id });
      return rows.length > 0;
    },
    async collection(id: string): Promise<NftCollectionRow | null> {
      const [row] = await db.select().from(nftCollections).where(eq(nftCollections.id, id)).limit(1);
      return row ?? null;
    },
    async insertDeployedCollection(values: typeof nftCollections.$inferInsert): Promise<NftCollectionRow | null> {
      const [row] = await db.insert(nftCollections).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },
    insertMint: (values: typeof nftMints.$inferInsert): Promise<NftMintRow> => insertRow(db, nftMints, values),
    mints(collectionId: string): Promise<NftMintRow[]> {
      return db.select().from(nftMints).where(eq(nftMints.collectionId, collectionId)).orderBy(desc(nftMints.createdAt), desc(nftMints.id));
    },
  };
}

export type MintingRepository = ReturnType<typeof createMintingRepository>;
