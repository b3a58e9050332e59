import Decimal from 'decimal.js';
import { PAYMENT_METHODS, PRICING_REGIONS } from '@rampart/shared/enums';
import { isDecimalString } from '@rampart/shared/money';
import { MAX_ROUTING_RULES, ROUTE_NAME, methodSettingFor, type RoutingRuleValues } from '@rampart/shared/payment-methods';
import type { PaymentMethod, PricingRegion } from '@rampart/shared/pricing';
import { badInput } from '../../graphql/errors.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import type { RampService } from '../ramp/ramp.service.ts';
import type { PaymentMethodSettingRow, PaymentMethodsRepository } from './payment-methods.repository.ts';

/** The largest bound of one transaction (the pricing rules' fixed values share it). */
const MAX_BOUND = '1000000000';

export interface SettingView {
  paymentMethod: PaymentMethod;
  region: PricingRegion;
  isEnabled: boolean;
  minAmount: string | null;
  maxAmount: string | null;
  isConfigured: boolean;
  updatedAt: Date | null;
}

function checkMethod(paymentMethod: string, region: string) {
  const fields: Record<string, string> = {};
  if (!(PAYMENT_METHODS as readonly string[]).includes(paymentMethod)) fields.paymentMethod = 'Choose a payment method from the list.';
  if (!(PRICING_REGIONS as readonly string[]).includes(region)) fields.region = `Choose a region: ${PRICING_REGIONS.join(', ')}.`;
  if (Object.keys(fields).length) throw badInput(fields);
  return { paymentMethod: paymentMethod as PaymentMethod, region: region as PricingRegion };
}

/** What applies to a method in a region: its saved row, else the Global row's choice (bounds included), else offered. */
function effective(rows: readonly PaymentMethodSettingRow[], paymentMethod: PaymentMethod, region: PricingRegion): SettingView {
  const own = rows.find((row) => row.paymentMethod === paymentMethod && row.region === region);
  const applied = own ?? methodSettingFor(rows, paymentMethod, region);
  return {
    paymentMethod,
    region,
    isEnabled: applied?.isEnabled ?? true,
    minAmount: applied?.minAmount ?? null,
    maxAmount: applied?.maxAmount ?? null,
    isConfigured: Boolean(own),
    updatedAt: own?.updatedAt ?? null,
  };
}

const snapshot = (view: SettingView) => ({ isEnabled: view.isEnabled, minAmount: view.minAmount, maxAmount: view.maxAmount });

export function createPaymentMethodsService(deps: { repository: PaymentMethodsRepository; ramp: Pick<RampService, 'requireAccount'> }) {
  const { repository, ramp } = deps;

  async function setting(accountId: string, userId: string, method: string, region: string, change: Partial<PaymentMethodSettingRow>) {
    const checked = checkMethod(method, region);
    await ramp.requireAccount(accountId);
    const before = effective(await repository.settingsOf(accountId), checked.paymentMethod, checked.region);
    await repository.upsertSetting({ accountId, ...checked, updatedByUserId: userId, ...change });
    const after = effective(await repository.settingsOf(accountId), checked.paymentMethod, checked.region);
    return withAuditChange({ ...after }, { before: snapshot(before), after: snapshot(after) });
  }

  function bound(value: string | null | undefined, field: string, fields: Record<string, string>): string | null {
    if (value === null || value === undefined || value === '') return null;
    const text = String(value).trim();
    if (!isDecimalString(text) || text.startsWith('-')) fields[field] = 'Enter an amount such as 50, or leave it empty for no bound.';
    else if (new Decimal(text).gt(MAX_BOUND)) fields[field] = `At most ${MAX_BOUND}.`;
    else return new Decimal(text).toFixed();
    return null;
  }

  function checkRoutingRules(input: readonly { paymentMethod?: string | null; region: string; route: string }[]): RoutingRuleValues[] {
    if (input.length > MAX_ROUTING_RULES) throw badInput({ rules: `At most ${MAX_ROUTING_RULES} routing rules per account.` });
    const fields: Record<string, string> = {};
    const seen = new Map<string, number>();
    const rules = input.map((rule, index) => {
      const paymentMethod = rule.paymentMethod ?? null;
      if (paymentMethod !== null && !(PAYMENT_METHODS as readonly string[]).includes(paymentMethod))
        fields[`rules.${index}.paymentMethod`] = 'Choose a payment method from the list, or none for every method.';
      if (!(PRICING_REGIONS as readonly string[]).includes(rule.region)) fields[`rules.${index}.region`] = `Choose a region: ${PRICING_REGIONS.join(', ')}.`;
      const route = typeof rule.route === 'string' ? rule.route.trim() : '';
      if (!ROUTE_NAME.test(route))
        fields[`rules.${index}.route`] = 'A route name is 2 to 40 lower-case letters, digits and hyphens, starting with a letter (e.g. card-acquirer-eu).';
      const key = `${paymentMethod ?? '*'}|${rule.region}`;
      const earlier = seen.get(key);
      // A later rule for the same method and region could never be chosen.
      if (earlier !== undefined)
        fields[`rules.${index}`] = `Rule ${earlier + 1} already routes ${paymentMethod ?? 'every method'} in ${rule.region}; this one would never be used.`;
      else seen.set(key, index);
      return { priority: index + 1, paymentMethod: paymentMethod as PaymentMethod | null, region: rule.region as PricingRegion, route };
    });
    if (Object.keys(fields).length) {
      const count = Object.keys(fields).length;
      throw badInput(fields, count === 1 ? Object.values(fields)[0] : `${count} problems in the routing rules: ${Object.values(fields)[0]}`);
    }
    return rules;
  }

  const values = (rows: readonly RoutingRuleValues[]) => rows.map(({ priority, paymentMethod, region, route }) => ({ priority, paymentMethod, region, route }));

  return {
    async accountPaymentMethods(accountId: string) {
      const accountName = await ramp.requireAccount(accountId);
      const rows = await repository.settingsOf(accountId);
      const settings = PAYMENT_METHODS.flatMap((method) => PRICING_REGIONS.map((region) => effective(rows, method, region)));
      return { accountId, accountName, settings };
    },

    enable: (accountId: string, userId: string, method: string, region: string) => setting(accountId, userId, method, region, { isEnabled: true }),
    disable: (accountId: string, userId: string, method: string, region: string) => setting(accountId, userId, method, region, { isEnabled: false }),

    async configure(accountId: string, userId: string, method: string, region: string, input: { minAmount?: string | null; maxAmount?: string | null }) {
      const fields: Record<string, string> = {};
      const minAmount = bound(input.minAmount, 'minAmount', fields);
      const maxAmount = bound(input.maxAmount, 'maxAmount', fields);
      if (!fields.minAmount && !fields.maxAmount && minAmount !== null && maxAmount !== null && new Decimal(minAmount).gt(maxAmount))
        fields.maxAmount = `The most (${maxAmount}) is below the least (${minAmount}).`;
      if (Object.keys(fields).length) throw badInput(fields);
      return setting(accountId, userId, method, region, { minAmount, maxAmount });
    },

    async routingRules(accountId: string) {
      await ramp.requireAccount(accountId);
      return { accountId, rules: await repository.routingRulesOf(accountId) };
    },

    async updateRoutingRules(accountId: string, userId: string, input: readonly { paymentMethod?: string | null; region: string; route: string }[]) {
      const rules = checkRoutingRules(input);
      await ramp.requireAccount(accountId);
      await repository.lockAccount(accountId);
      const before = values(await repository.routingRulesOf(accountId));
      await repository.replaceRoutingRules(accountId, rules, userId);
      const saved = await repository.routingRulesOf(accountId);
      return withAuditChange({ accountId, rules: saved }, { before, after: values(saved) });
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
