import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, domainReviews } from '../../db/schema/accounts.ts';
import { currencyAccountPairs, integrations, pricingRules } from '../../db/schema/ramp.ts';
import { cryptoCurrencies } from '../../db/schema/settings.ts';
import { isUuid } from '../../lib/uuid.ts';

export type PricingRuleRow = typeof pricingRules.$inferSelect;
export type IntegrationRow = typeof integrations.$inferSelect;
export type CurrencyRow = typeof cryptoCurrencies.$inferSelect;
export type PairRow = typeof currencyAccountPairs.$inferSelect;
export type RuleValues = Pick<PricingRuleRow, 'type' | 'region' | 'paymentMethod' | 'transactionType' | 'percentage' | 'fixedValue' | 'minValue'>;

export function createRampRepository(db: Database) {
  return {
    /** The provider's defaults (account_id null): missing ones are added, existing ones (maybe edited by staff) kept. */
    async insertMissingDefaults(rules: RuleValues[]) {
      if (rules.length === 0) return;
      await db
        .insert(pricingRules)
        .values(rules.map((rule) => ({ ...rule, accountId: null })))
        .onConflictDoNothing();
    },

    /** The account's own rules and the provider's defaults. */
    /** The account's rules and the provider's defaults; a quote needs only one transaction type's. */
    rulesFor(accountId: string, transactionType?: PricingRuleRow['transactionType']): Promise<PricingRuleRow[]> {
      const scope = or(eq(pricingRules.accountId, accountId), isNull(pricingRules.accountId));
      return db
        .select()
        .from(pricingRules)
        .where(transactionType ? and(scope, eq(pricingRules.transactionType, transactionType)) : scope);
    },
    accountRulesOfType(accountId: string, type: PricingRuleRow['type']): Promise<PricingRuleRow[]> {
      return db
        .select()
        .from(pricingRules)
        .where(and(eq(pricingRules.accountId, accountId), eq(pricingRules.type, type)))
        .orderBy(asc(pricingRules.transactionType), asc(pricingRules.region), asc(pricingRules.paymentMethod));
    },
    async replaceAccountRules(accountId: string, type: PricingRuleRow['type'], rules: RuleValues[], userId: string | null) {
      await db.delete(pricingRules).where(and(eq(pricingRules.accountId, accountId), eq(pricingRules.type, type)));
      if (rules.length) await db.insert(pricingRules).values(rules.map((rule) => ({ ...rule, accountId, updatedByUserId: userId })));
    },
    /** has_configured_*_fees from the account's partner fee rules: any rule for buying, any for selling. */
    async refreshConfiguredFees(accountId: string) {
      await db.execute(sql`
        update ${accounts} set
          has_configured_buy_fees = exists (select 1 from ${pricingRules} where account_id = ${accountId} and type = 'partnerFee' and transaction_type = 'buy'),
          has_configured_sell_fees = exists (select 1 from ${pricingRules} where account_id = ${accountId} and type = 'partnerFee' and transaction_type = 'sell')
        where ${accounts.id} = ${accountId}`);
    },

    /** Every catalogue asset with the account's row for it, when there is one. */
    async pairsOf(accountId: string): Promise<Array<{ currency: CurrencyRow; pair: PairRow | null }>> {
      return db
        .select({ currency: cryptoCurrencies, pair: currencyAccountPairs })
        .from(cryptoCurrencies)
        .leftJoin(currencyAccountPairs, and(eq(currencyAccountPairs.currencyId, cryptoCurrencies.id), eq(currencyAccountPairs.accountId, accountId)))
        .orderBy(asc(cryptoCurrencies.sortOrder), asc(cryptoCurrencies.code));
    },
    async pairOfCode(accountId: string, code: string): Promise<{ currency: CurrencyRow; pair: PairRow | null } | undefined> {
      const [row] = await db
        .select({ currency: cryptoCurrencies, pair: currencyAccountPairs })
        .from(cryptoCurrencies)
        .leftJoin(currencyAccountPairs, and(eq(currencyAccountPairs.currencyId, cryptoCurrencies.id), eq(currencyAccountPairs.accountId, accountId)))
        .where(eq(cryptoCurrencies.code, code))
        .limit(1);
      return row;
    },
    async upsertPairs(accountId: string, pairs: Array<{ currencyId: string; isEnabled: boolean; isSellEnabled: boolean }>) {
      if (pairs.length === 0) return;
      await db
        .insert(currencyAccountPairs)
        .values(pairs.map((pair) => ({ ...pair, accountId })))
        .onConflictDoUpdate({
          target: [currencyAccountPairs.accountId, currencyAccountPairs.currencyId],
          set: { isEnabled: sql`excluded.is_enabled`, isSellEnabled: sql`excluded.is_sell_enabled`, updatedAt: sql`now()` },
        });
    },

    async setOnboardingFlag(accountId: string, flag: string, value: boolean) {
      await db.execute(sql`update ${accounts} set onboarding_info = onboarding_info || jsonb_build_object(${flag}::text, ${value}::boolean) where ${accounts.id} = ${accountId}`);
    },
    /** Serialises an account's ramp-setup writes so their flag computations see each other. */
    async lockAccount(accountId: string) {
      await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },

    integrationsOf(accountId: string): Promise<IntegrationRow[]> {
      return db.select().from(integrations).where(eq(integrations.accountId, accountId)).orderBy(asc(integrations.createdAt), asc(integrations.id));
    },
    async insertIntegration(values: { accountId: string; type: IntegrationRow['type']; value: string; createdByUserId: string | null }): Promise<IntegrationRow | undefined> {
      const [row] = await db.insert(integrations).values(values).onConflictDoNothing().returning();
      return row;
    },
    async deleteIntegration(id: string): Promise<IntegrationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(integrations).where(eq(integrations.id, id)).returning();
      return row;
    },
    async accountOfIntegration(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ accountId: integrations.accountId }).from(integrations).where(eq(integrations.id, id)).limit(1);
      return row?.accountId ?? null;
    },
    async hasWebIntegration(accountId: string): Promise<boolean> {
      const [row] = await db.select({ id: integrations.id }).from(integrations).where(and(eq(integrations.accountId, accountId), eq(integrations.type, 'web'))).limit(1);
      return Boolean(row);
    },
    /** A domain staff have not reviewed yet (status null) unless the account already has a review of it. */
    async addPendingDomainReview(accountId: string, domain: string) {
      await db.insert(domainReviews).values({ accountId, domain }).onConflictDoNothing();
    },
  };
}

export type RampRepository = ReturnType<typeof createRampRepository>;
