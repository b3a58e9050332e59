import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountOfRow } from '../../db/row-queries.ts';
import { accounts, domainReviews } from '../../db/schema/accounts.ts';
import { currencyAccountPairs, integrations, pricingRules, widgetSessions } from '../../db/schema/ramp.ts';
import { cryptoCurrencies } from '../../db/schema/settings.ts';
import { paymentMethodSettings } from '../../db/schema/payment-methods.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentMethodSetting, RoutingRuleValues } from '@rampart/shared/payment-methods';

export type PricingRuleRow = typeof pricingRules.$inferSelect;
export type IntegrationRow = typeof integrations.$inferSelect;
export type CurrencyRow = typeof cryptoCurrencies.$inferSelect;
export type PairRow = typeof currencyAccountPairs.$inferSelect;
export type SessionRow = typeof widgetSessions.$inferSelect;
/** What a quote reads of a catalogue asset. */
export type QuoteCurrencyRow = Pick<CurrencyRow, 'id' | 'code' | 'name' | 'icon' | 'isSellSupported' | 'isSuspended' | 'isSuspendedUS' | 'supportsTestMode'>;

/** Everything a quote reads, loaded in one statement (`quoteContext`). */
export interface QuoteContextRows {
  /** The widget session of the token hash, unexpired (only when one was asked for). */
  session: SessionRow | null;
  /** The blocked-list entry of the country (only when one was asked for). */
  blocked: { action: 'Block' | 'Redirect'; reason: string } | null;
  /** The asked-for assets that are in the catalogue, each with the account's row for it when there is one. */
  pairs: Array<{ currency: QuoteCurrencyRow; pair: Pick<PairRow, 'isEnabled' | 'isSellEnabled'> | null }>;
  /** The account's rules and the provider's defaults, of the transaction type. */
  rules: PricingRuleRow[];
  /** Staff's settings of the asked-for payment method in each region (issue 35; none: offered everywhere). */
  methods: PaymentMethodSetting[];
  /** The account's routing rules that can match the asked-for payment method. */
  routes: RoutingRuleValues[];
}

/**
 * One round trip for a quote: the widget session (by token hash; its account and flow then scope the rest), the
 * country's blocked-list entry, the assets with the account's pairs, and the rules of the transaction type (given, else
 * the session flow's: buy for buy, sell for sell and swap). Numerics travel as text so no amount passes through a float.
 * A named statement: PostgreSQL parses and plans it once per connection.
 */
const QUOTE_CONTEXT_SQL = `
with session as (
  select id, token_hash, account_id, live_mode, flow, params, is_signed, created_at, expires_at
  from widget_sessions
  where $1::text is not null and token_hash = $1::text and expires_at > now()
  limit 1
), scope as (
  select coalesce($2::uuid, (select account_id from session)) as account_id,
         coalesce($5::text, (select case when flow in ('buy', 'nft') then 'buy' else 'sell' end from session)) as transaction_type
)
select
  s.id, s.token_hash, s.account_id, s.live_mode, s.flow, s.params, s.is_signed, s.created_at, s.expires_at,
  (select json_build_object('action', b.action, 'reason', b.reason)
     from blocked_list_entries b
     where $3::text is not null and b.kind = 'country' and b.value = $3::text
     limit 1) as blocked,
  (select coalesce(json_agg(json_build_object(
       'id', c.id, 'code', c.code, 'name', c.name, 'icon', c.icon, 'isSellSupported', c.is_sell_supported,
       'isSuspended', c.is_suspended, 'isSuspendedUS', c.is_suspended_us, 'supportsTestMode', c.supports_test_mode,
       'isEnabled', p.is_enabled, 'isSellEnabled', p.is_sell_enabled)), '[]')
     from crypto_currencies c
     left join currency_account_pairs p on p.currency_id = c.id and p.account_id = scope.account_id
     where scope.account_id is not null and c.code = any($4::text[])) as pairs,
  (select coalesce(json_agg(json_build_object(
       'id', r.id, 'accountId', r.account_id, 'type', r.type, 'region', r.region, 'paymentMethod', r.payment_method,
       'transactionType', r.transaction_type, 'percentage', r.percentage::text, 'fixedValue', r.fixed_value::text,
       'minValue', r.min_value::text, 'createdAt', r.created_at, 'updatedAt', r.updated_at, 'updatedByUserId', r.updated_by_user_id)), '[]')
     from pricing_rules r
     where scope.account_id is not null and (r.account_id = scope.account_id or r.account_id is null) and r.transaction_type = scope.transaction_type) as rules,
  (select coalesce(json_agg(json_build_object(
       'paymentMethod', m.payment_method, 'region', m.region, 'isEnabled', m.is_enabled,
       'minAmount', m.min_amount::text, 'maxAmount', m.max_amount::text)), '[]')
     from payment_method_settings m
     where m.account_id = scope.account_id and m.payment_method = $6::text) as methods,
  (select coalesce(json_agg(json_build_object(
       'priority', g.priority, 'paymentMethod', g.payment_method, 'region', g.region, 'route', g.route) order by g.priority), '[]')
     from routing_rules g
     where g.account_id = scope.account_id and (g.payment_method is null or g.payment_method = $6::text)) as routes
from scope
left join session s on true`;

type RuleJson = Omit<PricingRuleRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
type PairJson = QuoteCurrencyRow & { isEnabled: boolean | null; isSellEnabled: boolean | null };
interface QuoteContextSqlRow {
  id: string | null;
  token_hash: string;
  account_id: string;
  live_mode: boolean;
  flow: SessionRow['flow'];
  params: Record<string, string>;
  is_signed: boolean;
  created_at: Date;
  expires_at: Date;
  blocked: QuoteContextRows['blocked'];
  pairs: PairJson[];
  rules: RuleJson[];
  methods: PaymentMethodSetting[];
  routes: RoutingRuleValues[];
}

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

    async accountName(accountId: string): Promise<string | null> {
      if (!isUuid(accountId)) return null;
      const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      return row?.name ?? null;
    },
    /** Staff's payment method settings of an account (issue 35). */
    methodSettingsOf(accountId: string): Promise<PaymentMethodSetting[]> {
      return db
        .select({
          paymentMethod: paymentMethodSettings.paymentMethod,
          region: paymentMethodSettings.region,
          isEnabled: paymentMethodSettings.isEnabled,
          minAmount: paymentMethodSettings.minAmount,
          maxAmount: paymentMethodSettings.maxAmount,
        })
        .from(paymentMethodSettings)
        .where(eq(paymentMethodSettings.accountId, accountId));
    },

    /** Every catalogue asset with the account's row for it, when there is one. */
    async pairsOf(accountId: string): Promise<Array<{ currency: CurrencyRow; pair: PairRow | null }>> {
      return db
        .select({ currency: cryptoCurrencies, pair: currencyAccountPairs })
        .from(cryptoCurrencies)
        .leftJoin(currencyAccountPairs, and(eq(currencyAccountPairs.currencyId, cryptoCurrencies.id), eq(currencyAccountPairs.accountId, accountId)))
        .orderBy(asc(cryptoCurrencies.sortOrder), asc(cryptoCurrencies.code));
    },
    /**
     * The rows of a quote in one statement: for an account (`accountId`), or for the widget session of `tokenHash`
     * (null session when it is unknown or expired; nothing else is read then). Reads commit-visible rows on the pool.
     */
    async quoteContext(scope: {
      accountId: string | null;
      tokenHash: string | null;
      blockedCountry: string | null;
      codes: string[];
      transactionType: PricingRuleRow['transactionType'] | null;
      paymentMethod: string | null;
    }): Promise<QuoteContextRows> {
      const result = await db.$client.query<QuoteContextSqlRow>({
        name: 'ramp_quote_context',
        text: QUOTE_CONTEXT_SQL,
        values: [scope.tokenHash, scope.accountId, scope.blockedCountry, scope.codes, scope.transactionType, scope.paymentMethod],
      });
      const row = result.rows[0]!;
      return {
        session:
          row.id === null
            ? null
            : {
                id: row.id,
                tokenHash: row.token_hash,
                accountId: row.account_id,
                liveMode: row.live_mode,
                flow: row.flow,
                params: row.params,
                isSigned: row.is_signed,
                createdAt: row.created_at,
                expiresAt: row.expires_at,
              },
        blocked: row.blocked,
        pairs: row.pairs.map(({ isEnabled, isSellEnabled, ...currency }) => ({
          currency,
          pair: isEnabled === null || isSellEnabled === null ? null : { isEnabled, isSellEnabled },
        })),
        rules: row.rules.map((rule) => ({ ...rule, createdAt: new Date(rule.createdAt), updatedAt: new Date(rule.updatedAt) })),
        methods: row.methods,
        routes: row.routes,
      };
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
      await db.execute(
        sql`update ${accounts} set onboarding_info = onboarding_info || jsonb_build_object(${flag}::text, ${value}::boolean) where ${accounts.id} = ${accountId}`,
      );
    },
    /** Serialises an account's ramp-setup writes so their flag computations see each other. */
    async lockAccount(accountId: string) {
      await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },

    integrationsOf(accountId: string): Promise<IntegrationRow[]> {
      return db.select().from(integrations).where(eq(integrations.accountId, accountId)).orderBy(asc(integrations.createdAt), asc(integrations.id));
    },
    async insertIntegration(values: {
      accountId: string;
      type: IntegrationRow['type'];
      value: string;
      createdByUserId: string | null;
    }): Promise<IntegrationRow | undefined> {
      const [row] = await db.insert(integrations).values(values).onConflictDoNothing().returning();
      return row;
    },
    async deleteIntegration(id: string): Promise<IntegrationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.delete(integrations).where(eq(integrations.id, id)).returning();
      return row;
    },
    accountOfIntegration: (id: string) => accountOfRow(db, integrations, id),
    async hasWebIntegration(accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: integrations.id })
        .from(integrations)
        .where(and(eq(integrations.accountId, accountId), eq(integrations.type, 'web')))
        .limit(1);
      return Boolean(row);
    },
    /** A domain staff have not reviewed yet (status null) unless the account already has a review of it. */
    async addPendingDomainReview(accountId: string, domain: string) {
      await db.insert(domainReviews).values({ accountId, domain }).onConflictDoNothing();
    },
  };
}

export type RampRepository = ReturnType<typeof createRampRepository>;
