// Fees screens: labels, "which rule applies where", and the rule editor's validation (the server's bounds).
import { compareAmounts, isDecimalString } from '@rampart/shared/money';
import { PRICING_LIMITS, partnerFeeFullFrom } from '@rampart/shared/pricing';
import { z } from 'zod';
import { formatAmount } from '@/lib/format';
import { PAYMENT_METHOD_LABEL as SHARED_PAYMENT_METHOD_LABEL, PRICING_REGION_LABEL } from '@/lib/labels';
import type { PaymentMethod, PricingRegion, PricingRuleType, PricingTransactionType, RuleSpecificity } from '@/gql/graphql';

export const RULE_TYPES: readonly PricingRuleType[] = ['fee', 'networkFee', 'partnerFee', 'spread'];

export const RULE_TYPE_LABEL: Record<PricingRuleType, string> = {
  fee: 'Provider fee',
  networkFee: 'Network fee',
  partnerFee: 'Your fee',
  spread: 'Spread',
};

export const RULE_TYPE_DESCRIPTION: Record<PricingRuleType, string> = {
  fee: 'What the provider charges for processing the payment.',
  networkFee: 'What delivering the crypto on its network costs.',
  partnerFee: 'What you earn on each transaction, on top of the provider’s fees.',
  spread: 'The margin on the exchange rate; the customer pays it through the rate, not as a fee.',
};

export const REGIONS: readonly PricingRegion[] = ['Global', 'US', 'EEA', 'UK', 'CA', 'Australia', 'BR', 'NG', 'AsiaEast'];

// One label per region and payment method across the app (lib/labels.ts).
export const REGION_LABEL: Record<PricingRegion, string> = PRICING_REGION_LABEL;

export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = SHARED_PAYMENT_METHOD_LABEL;

export const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_LABEL) as PaymentMethod[];

/** The methods a customer can use per page (what the widget offers); the calculator's choices. */
export const CALCULATOR_METHODS: Record<'buy' | 'sell', PaymentMethod[]> = {
  buy: ['creditCard', 'debitCard', 'applePay', 'googlePay', 'sepa', 'ach', 'gbpOpenBankingPayment'],
  sell: ['sepa', 'ach', 'balance'],
};

export const SPECIFICITY_LABEL: Record<RuleSpecificity, string> = {
  regionAndPaymentMethod: 'region and payment method',
  region: 'region',
  globalAndPaymentMethod: 'payment method (Global)',
  global: 'Global',
};

export const SOURCE_LABEL = { PROVIDER_DEFAULT: 'Default', ACCOUNT: 'This account' } as const;

export function paymentMethodLabel(method: PaymentMethod | null | undefined): string {
  return method ? (PAYMENT_METHOD_LABEL[method] ?? method) : 'All methods';
}

export function regionLabel(region: PricingRegion): string {
  return REGION_LABEL[region] ?? region;
}

/** Where a rule applies, in the resolution order's words. */
export function appliesWhere(rule: { region: PricingRegion; paymentMethod?: PaymentMethod | null }): string {
  const method = rule.paymentMethod ? (PAYMENT_METHOD_LABEL[rule.paymentMethod] ?? rule.paymentMethod) : null;
  if (rule.region === 'Global') {
    return method ? `${method} in every region without a more specific rule` : 'Everywhere no more specific rule applies';
  }
  const region = regionLabel(rule.region);
  return method ? `${method} in ${region} (most specific)` : `Every method in ${region} without a method-specific rule`;
}

interface RuleLike {
  type: PricingRuleType;
  region: PricingRegion;
  paymentMethod?: PaymentMethod | null;
  transactionType: PricingTransactionType;
  source: 'PROVIDER_DEFAULT' | 'ACCOUNT';
}

const SPECIFICITY_ORDER: RuleSpecificity[] = ['regionAndPaymentMethod', 'region', 'globalAndPaymentMethod', 'global'];

function specificityOf(rule: RuleLike, region: PricingRegion, method: PaymentMethod): RuleSpecificity | null {
  if (rule.paymentMethod && rule.paymentMethod !== method) return null;
  if (rule.region === region && region !== 'Global') return rule.paymentMethod ? 'regionAndPaymentMethod' : 'region';
  if (rule.region === 'Global') return rule.paymentMethod ? 'globalAndPaymentMethod' : 'global';
  return null;
}

/**
 * The rule of a type that applies to a region and method (the server's order: region and method, region,
 * Global with the method, Global; the account's rule before the default at one level). For the "applies where" matrix.
 */
export function applyingRule<R extends RuleLike>(
  rules: readonly R[],
  where: { type: PricingRuleType; region: PricingRegion; paymentMethod: PaymentMethod; transactionType: PricingTransactionType },
): { rule: R; specificity: RuleSpecificity } | null {
  let best: { rule: R; specificity: RuleSpecificity; rank: number } | null = null;
  for (const rule of rules) {
    if (rule.type !== where.type || rule.transactionType !== where.transactionType) continue;
    const specificity = specificityOf(rule, where.region, where.paymentMethod);
    if (!specificity) continue;
    const rank = SPECIFICITY_ORDER.indexOf(specificity) * 2 + (rule.source === 'ACCOUNT' ? 0 : 1);
    if (!best || rank < best.rank) best = { rule, specificity, rank };
  }
  return best && { rule: best.rule, specificity: best.specificity };
}

/** "4.5 % + 0.50, at least 3.99" in the transaction's fiat (amounts are decimal strings, shown as given). */
export function describeCharge(rule: { percentage: string; fixedValue: string; minValue: string }, currencyCode?: string): string {
  // A rule's fixed parts are in the customer's currency: named when one quote's currency is known.
  const unit = currencyCode ? ` ${currencyCode.toUpperCase()}` : '';
  const parts: string[] = [];
  if (compareAmounts(rule.percentage, '0') !== 0) parts.push(`${trimZeros(rule.percentage)} %`);
  if (compareAmounts(rule.fixedValue, '0') !== 0) parts.push(`${trimZeros(rule.fixedValue)}${unit}`);
  let text = parts.length ? parts.join(' + ') : 'Nothing';
  if (compareAmounts(rule.minValue, '0') !== 0) text += `, at least ${trimZeros(rule.minValue)}${unit}`;
  return text;
}

export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

// The rule editor.

export interface Limits {
  partnerFeeMaxPercentage: string;
  feeMaxPercentage: string;
  networkFeeMaxPercentage: string;
  spreadMaxPercentage: string;
  maxFixedValue: string;
}

export function maxPercentageOf(limits: Limits, type: PricingRuleType): string {
  return {
    partnerFee: limits.partnerFeeMaxPercentage,
    fee: limits.feeMaxPercentage,
    networkFee: limits.networkFeeMaxPercentage,
    spread: limits.spreadMaxPercentage,
  }[type];
}

const ALL_METHODS = 'all';

export interface RuleRow {
  region: PricingRegion;
  /** A payment method, or "all". */
  paymentMethod: string;
  percentage: string;
  fixedValue: string;
  minValue: string;
}

function amountField(label: string, max: string, suffix: string, capWord: string) {
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    if (value === '') return ctx.addIssue({ code: 'custom', message: `Enter the ${label} (0 for none).` });
    if (!isDecimalString(value)) return ctx.addIssue({ code: 'custom', message: `Enter a number such as 1.5.` });
    if (value.startsWith('-')) return ctx.addIssue({ code: 'custom', message: `The ${label} cannot be negative.` });
    const decimals = value.split('.')[1]?.length ?? 0;
    if (decimals > PRICING_LIMITS.maxDecimalPlaces)
      return ctx.addIssue({ code: 'custom', message: `Use at most ${PRICING_LIMITS.maxDecimalPlaces} decimal places.` });
    if (compareAmounts(value, max) > 0) ctx.addIssue({ code: 'custom', message: `The ${label} is capped at ${trimZeros(max)}${suffix}${capWord}.` });
  });
}

function isAmount(value: string): boolean {
  const text = value.trim();
  return isDecimalString(text) && !text.startsWith('-');
}

/**
 * The partner fee rule a quote would always cut to the cap, as the server refuses it (the message on the field), or
 * null. The cap bounds the whole fee: percentage, fixed value and minimum together.
 */
export function partnerFeeCapProblem(
  row: Pick<RuleRow, 'percentage' | 'fixedValue' | 'minValue'>,
  cap: string,
): { field: 'fixedValue' | 'minValue'; message: string } | null {
  if (![row.percentage, row.fixedValue, row.minValue].every(isAmount) || compareAmounts(row.percentage.trim(), cap) > 0) return null;
  if (partnerFeeFullFrom({ percentage: row.percentage.trim(), fixedValue: row.fixedValue.trim(), minValue: row.minValue.trim() }, cap) !== null) return null;
  const shown = trimZeros(cap);
  if (compareAmounts(row.fixedValue.trim(), '0') > 0)
    return {
      field: 'fixedValue',
      message:
        compareAmounts(cap, '0') === 0
          ? 'The partner fee cap is 0 %: leave the fixed value at 0.'
          : `With the percentage at the cap of ${shown} %, a fixed value could never be charged: the whole partner fee is at most ${shown} % of each transaction. Lower the percentage or set the fixed value to 0.`,
    };
  return { field: 'minValue', message: 'The partner fee cap is 0 %: leave the minimum at 0.' };
}

/**
 * Below which amount a partner fee row is cut to the cap, in words ("Charged in full from 20,000; below that, at most 5 %
 * of the amount."), or null when it never is or the row is not valid yet.
 */
export function partnerFeeCapHint(row: Pick<RuleRow, 'percentage' | 'fixedValue' | 'minValue'>, cap: string): string | null {
  if (![row.percentage, row.fixedValue, row.minValue].every(isAmount) || compareAmounts(row.percentage.trim(), cap) > 0) return null;
  const from = partnerFeeFullFrom({ percentage: row.percentage.trim(), fixedValue: row.fixedValue.trim(), minValue: row.minValue.trim() }, cap);
  if (from === null || compareAmounts(from, '0') === 0) return null;
  return `Charged in full from ${formatAmountText(from)}; below that, at most ${trimZeros(cap)} % of the amount.`;
}

/** "20000" → "20,000", "33.34" → "33.34": grouping only, from the decimal string. */
function formatAmountText(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** The editor's schema for one rule type under the provider's limits; a region and method appear once. */
export function ruleFormSchema(type: PricingRuleType, limits: Limits) {
  const capWord = type === 'partnerFee' ? ' (the provider’s cap on your fee)' : '';
  const row = z.object({
    region: z.enum(REGIONS as [PricingRegion, ...PricingRegion[]]),
    paymentMethod: z.string().min(1),
    percentage: amountField('percentage', maxPercentageOf(limits, type), ' %', capWord),
    fixedValue: amountField('fixed value', limits.maxFixedValue, '', ''),
    minValue: amountField('minimum', limits.maxFixedValue, '', ''),
  });
  return z.object({ rules: z.array(row) }).superRefine((values, ctx) => {
    const seen = new Map<string, number>();
    values.rules.forEach((rule, index) => {
      const capProblem = type === 'partnerFee' ? partnerFeeCapProblem(rule, limits.partnerFeeMaxPercentage) : null;
      if (capProblem) ctx.addIssue({ code: 'custom', path: ['rules', index, capProblem.field], message: capProblem.message });
      const key = `${rule.region}/${rule.paymentMethod}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'paymentMethod'], message: `Row ${first + 1} already sets this region and method.` });
      } else seen.set(key, index);
    });
  });
}

export type RuleFormValues = { rules: RuleRow[] };

export function toRuleRow(rule: {
  region: PricingRegion;
  paymentMethod?: PaymentMethod | null;
  percentage: string;
  fixedValue: string;
  minValue: string;
}): RuleRow {
  return {
    region: rule.region,
    paymentMethod: rule.paymentMethod ?? ALL_METHODS,
    percentage: rule.percentage,
    fixedValue: rule.fixedValue,
    minValue: rule.minValue,
  };
}

export function toRuleInput(row: RuleRow, transactionType: PricingTransactionType) {
  return {
    region: row.region,
    paymentMethod: row.paymentMethod === ALL_METHODS ? null : (row.paymentMethod as PaymentMethod),
    transactionType,
    percentage: row.percentage.trim(),
    fixedValue: row.fixedValue.trim(),
    minValue: row.minValue.trim(),
  };
}

export const ALL_METHODS_VALUE = ALL_METHODS;

/** Server field names of updatePricingRules ("rules.2.percentage") to the form's ("rules.N.percentage"), where N is the
 * row's index among the rows sent for this page (the page's rows are sent first). */
export function ruleErrorPath(serverField: string, rowCount: number): `rules.${number}.${keyof RuleRow}` | null {
  const match = /^rules\.(\d+)\.(region|paymentMethod|percentage|fixedValue|minValue)$/.exec(serverField);
  if (!match) return null;
  const index = Number(match[1]);
  if (index >= rowCount) return null;
  return `rules.${index}.${match[2] as keyof RuleRow}`;
}

/** A quote's fees by part, each with its currency: "provider $0.50, network $1.00, your fee $0.00". */
export function feeBreakdown(
  quote: { feeAmount: string; networkFeeAmount: string; extraFeeAmount: string; fiatCurrencyCode: string },
  locale?: string,
): string {
  const amount = (value: string) => formatAmount(value, quote.fiatCurrencyCode, { locale });
  return `provider ${amount(quote.feeAmount)}, network ${amount(quote.networkFeeAmount)}, your fee ${amount(quote.extraFeeAmount)}`;
}
