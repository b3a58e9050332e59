import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountOfRow, firstWhere } from '../../db/row-queries.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { affiliatePayoutConfigurations, nftAccounts } from '../../db/schema/developers.ts';
import { users } from '../../db/schema/identity.ts';
import { cryptoCurrencies, nftCollections } from '../../db/schema/settings.ts';
import { isUuid } from '../../lib/uuid.ts';

export type CryptoCurrencyRow = typeof cryptoCurrencies.$inferSelect;
export type NftAccountRow = typeof nftAccounts.$inferSelect;
export type NftCollectionRow = typeof nftCollections.$inferSelect;
export type PayoutConfigurationRow = typeof affiliatePayoutConfigurations.$inferSelect;

export function createSettingsRepository(db: Database) {
  return {
    /** Inserts new catalogue entries and brings existing ones (matched by code) up to date; ids never change. */
    async upsertCurrencies(rows: Array<typeof cryptoCurrencies.$inferInsert>) {
      await db
        .insert(cryptoCurrencies)
        .values(rows)
        .onConflictDoUpdate({
          target: cryptoCurrencies.code,
          set: {
            type: sql`excluded.type`,
            name: sql`excluded.name`,
            icon: sql`excluded.icon`,
            addressRegex: sql`excluded.address_regex`,
            supportsAddressTag: sql`excluded.supports_address_tag`,
            networkCode: sql`excluded.network_code`,
            supportsTestMode: sql`excluded.supports_test_mode`,
            isSellSupported: sql`excluded.is_sell_supported`,
            // Once staff suspended or resumed an asset (suspension_changed_at), its flags are theirs, not the catalogue's.
            isSuspended: sql`case when crypto_currencies.suspension_changed_at is null then excluded.is_suspended else crypto_currencies.is_suspended end`,
            isSuspendedUS: sql`case when crypto_currencies.suspension_changed_at is null then excluded.is_suspended_us else crypto_currencies.is_suspended_us end`,
            sortOrder: sql`excluded.sort_order`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`(crypto_currencies.name, crypto_currencies.icon, crypto_currencies.address_regex, crypto_currencies.supports_address_tag,
            crypto_currencies.network_code, crypto_currencies.supports_test_mode, crypto_currencies.is_sell_supported,
            crypto_currencies.suspension_changed_at is null and crypto_currencies.is_suspended, crypto_currencies.suspension_changed_at is null and crypto_currencies.is_suspended_us,
            crypto_currencies.sort_order) is distinct from (excluded.name, excluded.icon, excluded.address_regex,
            excluded.supports_address_tag, excluded.network_code, excluded.supports_test_mode, excluded.is_sell_supported,
            crypto_currencies.suspension_changed_at is null and excluded.is_suspended, crypto_currencies.suspension_changed_at is null and excluded.is_suspended_us,
            excluded.sort_order)`,
        });
    },
    /** The catalogue with who last changed each asset's suspension (staff's view). */
    listCurrencySuspensions() {
      return db
        .select({ currency: cryptoCurrencies, changedBy: users.email })
        .from(cryptoCurrencies)
        .leftJoin(users, eq(users.id, cryptoCurrencies.suspensionChangedByUserId))
        .orderBy(asc(cryptoCurrencies.sortOrder), asc(cryptoCurrencies.code));
    },
    /**
     * Sets one suspension flag when it is not already `value` (so two staff members cannot both "suspend" it); undefined
     * when it already was.
     */
    async setSuspension(id: string, flag: 'isSuspended' | 'isSuspendedUS', value: boolean, change: { userId: string; reason: string }) {
      const column = flag === 'isSuspended' ? cryptoCurrencies.isSuspended : cryptoCurrencies.isSuspendedUS;
      const [row] = await db
        .update(cryptoCurrencies)
        .set({
          [flag]: value,
          suspensionChangedAt: new Date(),
          suspensionChangedByUserId: change.userId,
          suspensionReason: change.reason,
          updatedAt: new Date(),
        })
        .where(and(eq(cryptoCurrencies.id, id), eq(column, !value)))
        .returning();
      return row;
    },
    listCurrencies() {
      return db.select().from(cryptoCurrencies).orderBy(asc(cryptoCurrencies.sortOrder), asc(cryptoCurrencies.code));
    },
    async findCurrency(id: string): Promise<CryptoCurrencyRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(cryptoCurrencies).where(eq(cryptoCurrencies.id, id)).limit(1);
      return row;
    },

    async updateAccount(accountId: string, patch: { allowedIframeAncestorUrls?: string[]; customerDataWebhookUrl?: string | null }) {
      if (Object.keys(patch).length === 0) {
        const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
        return row;
      }
      const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
      return row;
    },

    payoutConfiguration: (accountId: string): Promise<PayoutConfigurationRow | undefined> =>
      firstWhere(db, affiliatePayoutConfigurations, eq(affiliatePayoutConfigurations.accountId, accountId)),
    /** Inserts the account's configuration; undefined when one already exists. */
    async insertPayoutConfiguration(values: { accountId: string; currencyId: string; walletAddress: string }) {
      const [row] = await db.insert(affiliatePayoutConfigurations).values(values).onConflictDoNothing().returning();
      return row;
    },
    async updatePayoutConfiguration(values: { accountId: string; currencyId: string; walletAddress: string }) {
      const [row] = await db
        .update(affiliatePayoutConfigurations)
        .set({ currencyId: values.currencyId, walletAddress: values.walletAddress, updatedAt: new Date() })
        .where(eq(affiliatePayoutConfigurations.accountId, values.accountId))
        .returning();
      return row;
    },

    nftAccount: (accountId: string): Promise<NftAccountRow | undefined> => firstWhere(db, nftAccounts, eq(nftAccounts.accountId, accountId)),
    async upsertNftAccount(accountId: string, patch: Partial<Omit<NftAccountRow, 'accountId' | 'updatedAt'>>) {
      const [row] = await db
        .insert(nftAccounts)
        .values({ accountId, ...patch })
        .onConflictDoUpdate({ target: nftAccounts.accountId, set: { ...patch, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    nftCollections(accountId: string) {
      return db.select().from(nftCollections).where(eq(nftCollections.accountId, accountId)).orderBy(asc(nftCollections.createdAt), asc(nftCollections.id));
    },
    async findNftCollection(accountId: string, networkCode: string, contractAddress: string) {
      const [row] = await db
        .select({ id: nftCollections.id })
        .from(nftCollections)
        .where(
          and(
            eq(nftCollections.accountId, accountId),
            eq(nftCollections.networkCode, networkCode),
            sql`lower(${nftCollections.contractAddress}) = lower(${contractAddress})`,
          ),
        )
        .limit(1);
      return row;
    },
    async insertNftCollection(values: typeof nftCollections.$inferInsert) {
      const [row] = await db.insert(nftCollections).values(values).onConflictDoNothing().returning();
      return row;
    },
    async deleteNftCollection(id: string) {
      const rows = await db.delete(nftCollections).where(eq(nftCollections.id, id)).returning({ id: nftCollections.id });
      return rows.length > 0;
    },
    async setNftCollectionPrice(id: string, priceAmount: string) {
      const [row] = await db.update(nftCollections).set({ priceAmount }).where(eq(nftCollections.id, id)).returning();
      return row;
    },
    accountOfNftCollection: (id: string) => accountOfRow(db, nftCollections, id),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
