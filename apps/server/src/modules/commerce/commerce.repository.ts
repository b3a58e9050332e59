import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere, insertRow, updateWhere } from '../../db/row-queries.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { helioMerchantAccounts, helioOnboardingLinks, helioWallets } from '../../db/schema/commerce.ts';
import { cryptoCurrencies } from '../../db/schema/settings.ts';
import { isUuid } from '../../lib/uuid.ts';

export type HelioMerchantAccountRow = typeof helioMerchantAccounts.$inferSelect;
export type HelioOnboardingLinkRow = typeof helioOnboardingLinks.$inferSelect;
export type HelioWalletRow = typeof helioWallets.$inferSelect;
export type CurrencyRow = typeof cryptoCurrencies.$inferSelect;
export type HelioWalletWithCurrency = HelioWalletRow & { currency: CurrencyRow };

/** Reads and writes join the mutation's unit of work (decision 0007) through `db`. */
export function createCommerceRepository(db: Database) {
  return {
    async accountName(accountId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row?.name;
    },
    /** Serialises an account's commerce writes (wallet limits, the last-wallet rule, one merchant account). */
    async lockAccount(accountId: string) {
      await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },

    merchant: (accountId: string): Promise<HelioMerchantAccountRow | undefined> =>
      firstWhere(db, helioMerchantAccounts, eq(helioMerchantAccounts.accountId, accountId)),
    async insertMerchant(values: typeof helioMerchantAccounts.$inferInsert): Promise<HelioMerchantAccountRow | undefined> {
      const [row] = await db.insert(helioMerchantAccounts).values(values).onConflictDoNothing({ target: helioMerchantAccounts.accountId }).returning();
      return row;
    },
    updateMerchant: (
      accountId: string,
      patch: Partial<Pick<HelioMerchantAccountRow, 'status' | 'onboardingUrl' | 'onboardingUrlExpiresAt' | 'onboardingCompletedAt'>>,
    ) => updateWhere(db, helioMerchantAccounts, eq(helioMerchantAccounts.accountId, accountId), patch),

    async insertLink(values: { tokenHash: string; accountId: string; expiresAt: Date }) {
      await db.insert(helioOnboardingLinks).values(values);
    },
    /** Marks the account's unused links used: a newer link replaces them. */
    async retireLinks(accountId: string) {
      await db
        .update(helioOnboardingLinks)
        .set({ usedAt: new Date() })
        .where(and(eq(helioOnboardingLinks.accountId, accountId), isNull(helioOnboardingLinks.usedAt)));
    },
    async link(tokenHash: string, options: { lock?: boolean } = {}): Promise<HelioOnboardingLinkRow | undefined> {
      const query = db.select().from(helioOnboardingLinks).where(eq(helioOnboardingLinks.tokenHash, tokenHash)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },
    async markLinkUsed(tokenHash: string) {
      await db.update(helioOnboardingLinks).set({ usedAt: new Date() }).where(eq(helioOnboardingLinks.tokenHash, tokenHash));
    },

    currencyByCode: (code: string): Promise<CurrencyRow | undefined> => firstWhere(db, cryptoCurrencies, eq(cryptoCurrencies.code, code)),
    async wallets(accountId: string): Promise<HelioWalletWithCurrency[]> {
      const rows = await db
        .select({ wallet: helioWallets, currency: cryptoCurrencies })
        .from(helioWallets)
        .innerJoin(cryptoCurrencies, eq(cryptoCurrencies.id, helioWallets.currencyId))
        .where(eq(helioWallets.accountId, accountId))
        .orderBy(asc(helioWallets.createdAt), asc(helioWallets.id));
      return rows.map(({ wallet, currency }) => ({ ...wallet, currency }));
    },
    async wallet(id: string): Promise<HelioWalletWithCurrency | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ wallet: helioWallets, currency: cryptoCurrencies })
        .from(helioWallets)
        .innerJoin(cryptoCurrencies, eq(cryptoCurrencies.id, helioWallets.currencyId))
        .where(eq(helioWallets.id, id))
        .limit(1);
      return row ? { ...row.wallet, currency: row.currency } : undefined;
    },
    async accountOfWallet(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ accountId: helioWallets.accountId }).from(helioWallets).where(eq(helioWallets.id, id)).limit(1);
      return row?.accountId ?? null;
    },
    walletCount: (accountId: string): Promise<number> => db.$count(helioWallets, eq(helioWallets.accountId, accountId)),
    /** Another wallet of the account with the same currency, address and tag (the unique key). */
    async duplicate(values: {
      accountId: string;
      currencyId: string;
      walletAddress: string;
      walletAddressTag: string | null;
      exceptId?: string;
    }): Promise<boolean> {
      const [row] = await db
        .select({ id: helioWallets.id })
        .from(helioWallets)
        .where(
          and(
            eq(helioWallets.accountId, values.accountId),
            eq(helioWallets.currencyId, values.currencyId),
            eq(helioWallets.walletAddress, values.walletAddress),
            values.walletAddressTag === null ? isNull(helioWallets.walletAddressTag) : eq(helioWallets.walletAddressTag, values.walletAddressTag),
            values.exceptId ? ne(helioWallets.id, values.exceptId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },
    insertWallet: (values: typeof helioWallets.$inferInsert): Promise<HelioWalletRow> => insertRow(db, helioWallets, values),
    async setProviderWalletIds(pairs: Array<{ id: string; providerWalletId: string | null }>) {
      for (const pair of pairs) await db.update(helioWallets).set({ providerWalletId: pair.providerWalletId }).where(eq(helioWallets.id, pair.id));
    },
    updateWallet: (id: string, patch: { walletAddress: string; walletAddressTag: string | null; providerWalletId?: null }): Promise<HelioWalletRow> =>
      updateWhere(db, helioWallets, eq(helioWallets.id, id), patch),
    async deleteWallet(id: string) {
      await db.delete(helioWallets).where(eq(helioWallets.id, id));
    },
  };
}

export type CommerceRepository = ReturnType<typeof createCommerceRepository>;
