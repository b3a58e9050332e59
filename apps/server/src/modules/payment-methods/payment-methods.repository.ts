import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts } from '../../db/schema/accounts.ts';
import { paymentMethodSettings, routingRules } from '../../db/schema/payment-methods.ts';
import type { RoutingRuleValues } from '@rampart/shared/payment-methods';

export type PaymentMethodSettingRow = typeof paymentMethodSettings.$inferSelect;
export type RoutingRuleRow = typeof routingRules.$inferSelect;

export function createPaymentMethodsRepository(db: Database) {
  return {
    settingsOf(accountId: string): Promise<PaymentMethodSettingRow[]> {
      return db.select().from(paymentMethodSettings).where(eq(paymentMethodSettings.accountId, accountId));
    },
    /** Saves one method and region; fields not given keep their saved value (or the default on a new row). */
    async upsertSetting(
      row: Pick<PaymentMethodSettingRow, 'accountId' | 'paymentMethod' | 'region' | 'updatedByUserId'> &
        Partial<Pick<PaymentMethodSettingRow, 'isEnabled' | 'minAmount' | 'maxAmount'>>,
    ): Promise<PaymentMethodSettingRow> {
      const set: Record<string, unknown> = { updatedAt: sql`now()`, updatedByUserId: row.updatedByUserId };
      if (row.isEnabled !== undefined) set.isEnabled = row.isEnabled;
      if (row.minAmount !== undefined) set.minAmount = row.minAmount;
      if (row.maxAmount !== undefined) set.maxAmount = row.maxAmount;
      const [saved] = await db
        .insert(paymentMethodSettings)
        .values(row)
        .onConflictDoUpdate({ target: [paymentMethodSettings.accountId, paymentMethodSettings.paymentMethod, paymentMethodSettings.region], set })
        .returning();
      return saved!;
    },
    routingRulesOf(accountId: string): Promise<RoutingRuleRow[]> {
      return db.select().from(routingRules).where(eq(routingRules.accountId, accountId)).orderBy(asc(routingRules.priority));
    },
    /** Serialises an account's routing edits (one replaces the whole list). */
    async lockAccount(accountId: string) {
      await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },
    async replaceRoutingRules(accountId: string, rules: RoutingRuleValues[], userId: string) {
      await db.delete(routingRules).where(eq(routingRules.accountId, accountId));
      if (rules.length) await db.insert(routingRules).values(rules.map((rule) => ({ ...rule, accountId, updatedByUserId: userId })));
    },
  };
}

export type PaymentMethodsRepository = ReturnType<typeof createPaymentMethodsRepository>;
