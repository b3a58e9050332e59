// Pricing rules and the quote arithmetic (spec §3 Pricing rule, §4 types, regions, payment methods).
// The fee calculator and the widget quote through `quoteRamp` on the server; everything is decimal.js, never floats.
import Decimal from 'decimal.js';
import { PAYMENT_METHODS, PRICING_REGIONS, PRICING_RULE_TYPES, TRANSACTION_TYPES } from './enums.ts';
import { assetDecimals } from './assets.ts';
import { FIAT_DECIMALS, amountProblem } from './amounts.ts';

export type PricingRuleType = (typeof PRICING_RULE_TYPES)[number];
export type PricingRegion = (typeof PRICING_REGIONS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PricingTransactionType = (typeof TRANSACTION_TYPES)[number];

/** A rule as stored: `accountId` null is the provider's default for every account. Amounts are decimal strings. */
export interface PricingRule {
  id?: string;
  accountId?: string | null;
  type: PricingRuleType;
  region: PricingRegion;
  /** null: every payment method. */
  paymentMethod: PaymentMethod | null;
  transactionType: PricingTransactionType;
  /** Percent of the amount, "1.5" is 1.5 %. */
  percentage: string;
  /** In the transaction's fiat currency. */
  fixedValue: string;
  /** The least the rule charges, in the transaction's fiat currency. */
  minValue: string;
}

/** Who may set a rule type: the partner its own fee; staff (admin permission) the provider's. */
export const RULE_TYPE_EDITOR: Record<PricingRuleType, 'partner' | 'fee:edit' | 'spread:edit'> = {
  partnerFee: 'partner',
  fee: 'fee:edit',
  networkFee: 'fee:edit',
  spread: 'spread:edit',
};

/** Bounds of each rule type's percentage (the partner fee's cap can be lowered by configuration). */
export const PRICING_LIMITS = {
  maxPercentage: { fee: '20', networkFee: '5', partnerFee: '10', spread: '10' } as Record<PricingRuleType, string>,
  /** Fixed values and minimums, in fiat. */
  maxFixedValue: '1000',
  maxDecimalPlaces: 4,
} as const;

/** How specific a matching rule was, most specific first. */
export const RULE_SPECIFICITY = ['regionAndPaymentMethod', 'region', 'globalAndPaymentMethod', 'global'] as const;
export type RuleSpecificity = (typeof RULE_SPECIFICITY)[number];

export function specificityOf(
  rule: Pick<PricingRule, 'region' | 'paymentMethod'>,
  region: PricingRegion,
  paymentMethod: PaymentMethod,
): RuleSpecificity | null {
  if (rule.paymentMethod !== null && rule.paymentMethod !== paymentMethod) return null;
  if (rule.region === region && region !== 'Global') return rule.paymentMethod ? 'regionAndPaymentMethod' : 'region';
  if (rule.region === 'Global') return rule.paymentMethod ? 'globalAndPaymentMethod' : 'global';
  return null;
}

/**
 * The rule of a type that applies to a region, payment method and transaction type: region and payment method,
 * then region, then Global with the method, then Global; at one level the account's own rule beats the provider's default.
 */
export function resolveRule<R extends PricingRule>(
  rules: readonly R[],
  where: { type: PricingRuleType; region: PricingRegion; paymentMethod: PaymentMethod; transactionType: PricingTransactionType },
): { rule: R; specificity: RuleSpecificity } | null {
  let best: { rule: R; specificity: RuleSpecificity; rank: number } | null = null;
  for (const rule of rules) {
    if (rule.type !== where.type || rule.transactionType !== where.transactionType) continue;
    const specificity = specificityOf(rule, where.region, where.paymentMethod);
    if (!specificity) continue;
    const rank = RULE_SPECIFICITY.indexOf(specificity) * 2 + (rule.accountId ? 0 : 1);
    if (!best || rank < best.rank) best = { rule, specificity, rank };
  }
  return best ? { rule: best.rule, specificity: best.specificity } : null;
}

/** A rule's charge on an amount: percentage plus fixed value, at least the minimum, rounded half up to the fiat's decimals. */
export function ruleCharge(rule: Pick<PricingRule, 'percentage' | 'fixedValue' | 'minValue'> | null, amount: Decimal.Value, fiatDecimals: number): Decimal {
  if (!rule) return new Decimal(0);
  const charge = new Decimal(amount).times(rule.percentage).dividedBy(100).plus(rule.fixedValue);
  return Decimal.max(charge, rule.minValue).toDecimalPlaces(fiatDecimals, Decimal.ROUND_HALF_UP);
}

/**
 * The partner fee a quote charges: the rule's charge, never more than the cap (PARTNER_FEE_CAP_PERCENT) of the amount,
 * cut down to the fiat's decimals. The cap bounds the whole fee (percentage, fixed value and minimum together).
 */
export function partnerFeeCharge(
  rule: Pick<PricingRule, 'percentage' | 'fixedValue' | 'minValue'> | null,
  amount: Decimal.Value,
  fiatDecimals: number,
  capPercent: string | null,
): Decimal {
  const charge = ruleCharge(rule, amount, fiatDecimals);
  if (capPercent === null) return charge;
  const cap = new Decimal(amount).times(capPercent).dividedBy(100).toDecimalPlaces(fiatDecimals, Decimal.ROUND_DOWN);
  return Decimal.min(charge, cap);
}

/**
 * The least amount on which a partner fee rule is charged in full under a cap of `capPercent` (below it, quotes cut the
 * fee to the cap), rounded up to cents: "0" when it is never cut, null when it can never be charged in full (a fixed
 * value with the percentage at the cap, or any fixed value or minimum under a cap of 0).
 */
export function partnerFeeFullFrom(rule: Pick<PricingRule, 'percentage' | 'fixedValue' | 'minValue'>, capPercent: string): string | null {
  const cap = new Decimal(capPercent);
  const percentage = new Decimal(rule.percentage);
  const fixed = new Decimal(rule.fixedValue);
  const minimum = new Decimal(rule.minValue);
  if (percentage.gt(cap)) return null;
  let from = new Decimal(0);
  // percentage × A / 100 + fixed ≤ cap × A / 100 from A = 100 × fixed / (cap − percentage); minimum ≤ cap × A / 100 from 100 × minimum / cap.
  if (fixed.gt(0)) {
    if (percentage.gte(cap)) return null;
    from = fixed.times(100).dividedBy(cap.minus(percentage));
  }
  if (minimum.gt(0)) {
    if (cap.isZero()) return null;
    from = Decimal.max(from, minimum.times(100).dividedBy(cap));
  }
  return from.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed();
}

export { FIAT_DECIMALS } from './amounts.ts';

/** Units of each fiat currency per US dollar: the reference rates test mode quotes with. */
export const TEST_MODE_FIAT_PER_USD: Record<string, string> = {
  usd: '1',
  eur: '0.92',
  gbp: '0.79',
  cad: '1.37',
  aud: '1.52',
  brl: '5.4',
  ngn: '1550',
  jpy: '150',
};

/** US dollars per unit of each asset ticker: the reference prices test mode quotes with. */
export const TEST_MODE_USD_PRICES: Record<string, string> = {
  btc: '64000',
  eth: '3200',
  usdc: '1',
  usdt: '1',
  eurc: '1.09',
  pyusd: '1',
  dai: '1',
  sol: '150',
  xrp: '0.52',
  xlm: '0.11',
  trx: '0.12',
  ada: '0.45',
  dot: '6.5',
  atom: '8.2',
  algo: '0.18',
  avax: '35',
  pol: '0.55',
  matic: '0.55',
  arb: '0.9',
  op: '1.8',
  bnb: '560',
  doge: '0.15',
  ltc: '80',
  bch: '380',
  link: '14',
  uni: '8',
  aave: '95',
  wbtc: '64000',
  shib: '0.000018',
  pepe: '0.0000095',
  bonk: '0.000022',
  near: '5.2',
  ton: '6.8',
  hbar: '0.08',
  xtz: '0.9',
  sui: '1.1',
  apt: '8.5',
  celo: '0.7',
};

// Asset decimals live with the other asset facts (assets.ts), which the web's formatter imports without decimal.js.
export { ASSET_DECIMALS, assetDecimals } from './assets.ts';

export { regionOfCountry } from './regions.ts';

export class QuoteError extends Error {
  constructor(
    readonly code: 'amountTooSmall' | 'amountTooLarge' | 'invalidAmount',
    message: string,
    readonly minimumAmount?: string,
  ) {
    super(message);
  }
}

export interface QuoteInput {
  /** buy: the customer pays fiat for crypto; sell: the customer sends crypto for fiat. */
  transactionType: 'buy' | 'sell';
  region: PricingRegion;
  paymentMethod: PaymentMethod;
  fiatCurrencyCode: string;
  asset: { code: string; ticker: string };
  /** Fiat per one unit of the asset, before the spread. */
  marketRate: string;
  /** buy: the fiat the customer pays, fees included; sell: the crypto the customer sends. */
  amount: string;
  rules: readonly PricingRule[];
  /** The most the partner fee takes, in percent of the amount (PARTNER_FEE_CAP_PERCENT); null: no cap. */
  partnerFeeCapPercent: string | null;
}

export interface AppliedRule {
  type: PricingRuleType;
  /** The charge in fiat; for the spread, the fiat it costs the customer. */
  amount: string;
  rule: PricingRule | null;
  specificity: RuleSpecificity | null;
}

export interface RampQuote {
  transactionType: 'buy' | 'sell';
  fiatCurrencyCode: string;
  assetCode: string;
  /** buy: fiat paid; sell: crypto sent. */
  baseCurrencyAmount: string;
  /** buy: crypto received (rounded down to the asset's decimals); sell: fiat paid out (rounded down to cents). */
  quoteCurrencyAmount: string;
  /** The provider's fee. */
  feeAmount: string;
  /** The partner's fee: what the partner earns. */
  extraFeeAmount: string;
  networkFeeAmount: string;
  totalFeeAmount: string;
  spreadPercentage: string;
  marketRate: string;
  /** Fiat per unit after the spread. */
  exchangeRate: string;
  applied: AppliedRule[];
}

type Resolved = ReturnType<typeof resolveRule<PricingRule>>;

/** What each rule type charged, with the rule and how specifically it matched. */
function appliedRules(found: Record<PricingRuleType, Resolved>, charged: Record<PricingRuleType, Decimal>, fiatDecimals: number): AppliedRule[] {
  return (['fee', 'networkFee', 'partnerFee', 'spread'] as const).map((type) => ({
    type,
    amount: charged[type].toFixed(fiatDecimals),
    rule: found[type]?.rule ?? null,
    specificity: found[type]?.specificity ?? null,
  }));
}

/** The one quote computation: the calculator, the widget and the test helpers all call it. */
export function quoteRamp(input: QuoteInput): RampQuote {
  const fiatDecimals = FIAT_DECIMALS[input.fiatCurrencyCode] ?? 2;
  const decimals = assetDecimals(input.asset.ticker);
  // buy: fiat paid, in the fiat's decimals; sell: crypto sent, in the asset's.
  const problem =
    input.transactionType === 'buy'
      ? amountProblem(input.amount, fiatDecimals, input.fiatCurrencyCode.toUpperCase())
      : amountProblem(input.amount, decimals, input.asset.code.toUpperCase());
  if (problem) throw new QuoteError('invalidAmount', problem);
  const amount = new Decimal(input.amount.trim());
  if (amount.lte(0)) throw new QuoteError('invalidAmount', 'Enter an amount above zero.');
  const where = { region: input.region, paymentMethod: input.paymentMethod, transactionType: input.transactionType } as const;
  const find = (type: PricingRuleType) => resolveRule(input.rules, { ...where, type });
  const fee = find('fee');
  const networkFee = find('networkFee');
  const partnerFee = find('partnerFee');
  const spread = find('spread');
  const partnerCharge = (on: Decimal) => partnerFeeCharge(partnerFee?.rule ?? null, on, fiatDecimals, input.partnerFeeCapPercent);
  const spreadPercentage = new Decimal(spread?.rule.percentage ?? '0');
  const marketRate = new Decimal(input.marketRate);
  const unit = new Decimal(10).pow(-fiatDecimals).toFixed();

  if (input.transactionType === 'buy') {
    const feeAmount = ruleCharge(fee?.rule ?? null, amount, fiatDecimals);
    const networkFeeAmount = ruleCharge(networkFee?.rule ?? null, amount, fiatDecimals);
    const extraFeeAmount = partnerCharge(amount);
    const totalFee = feeAmount.plus(networkFeeAmount).plus(extraFeeAmount);
    const net = amount.minus(totalFee);
    const exchangeRate = marketRate.times(spreadPercentage.dividedBy(100).plus(1));
    const crypto = net.gt(0) ? net.dividedBy(exchangeRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN) : new Decimal(0);
    if (crypto.lte(0)) {
      // The smallest amount that leaves one unit of crypto after the fees charged on that amount. Percentages grow with
      // the amount, so step from below (fees of the last candidate plus one unit) until it is enough: never above the
      // true minimum, as fees only grow with the amount.
      const fees = (paid: Decimal) =>
        ruleCharge(fee?.rule ?? null, paid, fiatDecimals)
          .plus(ruleCharge(networkFee?.rule ?? null, paid, fiatDecimals))
          .plus(partnerCharge(paid));
      const oneUnit = exchangeRate.times(new Decimal(10).pow(-decimals));
      const buysOneUnit = (paid: Decimal) => paid.minus(fees(paid)).dividedBy(exchangeRate).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).gt(0);
      let atLeast = Decimal.max(amount.plus(unit), totalFee.plus(oneUnit).toDecimalPlaces(fiatDecimals, Decimal.ROUND_UP));
      for (let step = 0; step < 1000 && !buysOneUnit(atLeast); step += 1) {
        atLeast = Decimal.max(atLeast.plus(unit), fees(atLeast).plus(oneUnit).toDecimalPlaces(fiatDecimals, Decimal.ROUND_UP));
      }
      throw new QuoteError(
        'amountTooSmall',
        `The amount does not cover the fees of ${totalFee.toFixed(fiatDecimals)} ${input.fiatCurrencyCode.toUpperCase()}; pay at least ${atLeast.toFixed(fiatDecimals)}.`,
        atLeast.toFixed(fiatDecimals),
      );
    }
    const spreadCost = net.minus(crypto.times(marketRate)).toDecimalPlaces(fiatDecimals, Decimal.ROUND_HALF_UP);
    return {
      transactionType: 'buy',
      fiatCurrencyCode: input.fiatCurrencyCode,
      assetCode: input.asset.code,
      baseCurrencyAmount: amount.toFixed(fiatDecimals),
      quoteCurrencyAmount: crypto.toFixed(decimals),
      feeAmount: feeAmount.toFixed(fiatDecimals),
      extraFeeAmount: extraFeeAmount.toFixed(fiatDecimals),
      networkFeeAmount: networkFeeAmount.toFixed(fiatDecimals),
      totalFeeAmount: totalFee.toFixed(fiatDecimals),
      spreadPercentage: spreadPercentage.toFixed(),
      marketRate: marketRate.toFixed(),
      exchangeRate: exchangeRate.toFixed(),
      applied: appliedRules(
        { fee, networkFee, partnerFee, spread },
        { fee: feeAmount, networkFee: networkFeeAmount, partnerFee: extraFeeAmount, spread: Decimal.max(spreadCost, 0) },
        fiatDecimals,
      ),
    };
  }

  const exchangeRate = marketRate.times(new Decimal(1).minus(spreadPercentage.dividedBy(100)));
  const gross = amount.times(exchangeRate).toDecimalPlaces(fiatDecimals, Decimal.ROUND_DOWN);
  const feeAmount = ruleCharge(fee?.rule ?? null, gross, fiatDecimals);
  const networkFeeAmount = ruleCharge(networkFee?.rule ?? null, gross, fiatDecimals);
  const extraFeeAmount = partnerCharge(gross);
  const totalFee = feeAmount.plus(networkFeeAmount).plus(extraFeeAmount);
  const payout = gross.minus(totalFee);
  if (payout.lte(0)) {
    // As for buying: the least crypto whose payout, after the fees charged on it, is at least one cent.
    const cryptoUnit = new Decimal(10).pow(-decimals);
    const grossOf = (sent: Decimal) => sent.times(exchangeRate).toDecimalPlaces(fiatDecimals, Decimal.ROUND_DOWN);
    const feesOf = (value: Decimal) =>
      ruleCharge(fee?.rule ?? null, value, fiatDecimals)
        .plus(ruleCharge(networkFee?.rule ?? null, value, fiatDecimals))
        .plus(partnerCharge(value));
    const paysOut = (sent: Decimal) =>
      grossOf(sent)
        .minus(feesOf(grossOf(sent)))
        .gt(0);
    let needed = Decimal.max(amount.plus(cryptoUnit), totalFee.plus(unit).dividedBy(exchangeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP));
    for (let step = 0; step < 1000 && !paysOut(needed); step += 1) {
      needed = Decimal.max(needed.plus(cryptoUnit), feesOf(grossOf(needed)).plus(unit).dividedBy(exchangeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP));
    }
    throw new QuoteError(
      'amountTooSmall',
      `The amount does not cover the fees of ${totalFee.toFixed(fiatDecimals)} ${input.fiatCurrencyCode.toUpperCase()}; send at least ${needed.toFixed()} ${input.asset.code.toUpperCase()}.`,
      needed.toFixed(),
    );
  }
  const spreadCost = amount.times(marketRate).minus(gross).toDecimalPlaces(fiatDecimals, Decimal.ROUND_HALF_UP);
  return {
    transactionType: 'sell',
    fiatCurrencyCode: input.fiatCurrencyCode,
    assetCode: input.asset.code,
    baseCurrencyAmount: amount.toFixed(),
    quoteCurrencyAmount: payout.toFixed(fiatDecimals),
    feeAmount: feeAmount.toFixed(fiatDecimals),
    extraFeeAmount: extraFeeAmount.toFixed(fiatDecimals),
    networkFeeAmount: networkFeeAmount.toFixed(fiatDecimals),
    totalFeeAmount: totalFee.toFixed(fiatDecimals),
    spreadPercentage: spreadPercentage.toFixed(),
    marketRate: marketRate.toFixed(),
    exchangeRate: exchangeRate.toFixed(),
    applied: appliedRules(
      { fee, networkFee, partnerFee, spread },
      { fee: feeAmount, networkFee: networkFeeAmount, partnerFee: extraFeeAmount, spread: Decimal.max(spreadCost, 0) },
      fiatDecimals,
    ),
  };
}

/** The market rate of an asset in a fiat currency from the test-mode reference tables. */
/**
 * The NFT checkout's price (issue 38): the least fiat a buyer pays whose buy quote, under the same rules, delivers at
 * least `price` of the asset the NFT is priced in. Fees grow with the amount, so step up from the price at the
 * exchange rate by what is still missing (a few steps at most); the quote returned is the one for that amount.
 */
export function quoteNftPurchase(input: Omit<QuoteInput, 'transactionType' | 'amount'> & { price: string }): RampQuote {
  const fiatDecimals = FIAT_DECIMALS[input.fiatCurrencyCode] ?? 2;
  const price = new Decimal(input.price);
  if (!price.gt(0)) throw new QuoteError('invalidAmount', 'The NFT has no price above zero.');
  const unit = new Decimal(10).pow(-fiatDecimals);
  const rate = new Decimal(input.marketRate);
  let amount = price.times(rate).toDecimalPlaces(fiatDecimals, Decimal.ROUND_UP);
  for (let step = 0; step < 200; step += 1) {
    let quote: RampQuote | null = null;
    try {
      quote = quoteRamp({ ...input, transactionType: 'buy', amount: amount.toFixed(fiatDecimals) });
    } catch (error) {
      if (!(error instanceof QuoteError) || error.code !== 'amountTooSmall' || !error.minimumAmount) throw error;
      amount = Decimal.max(amount.plus(unit), new Decimal(error.minimumAmount));
      continue;
    }
    const missing = price.minus(quote.quoteCurrencyAmount);
    if (missing.lte(0)) return quote;
    amount = amount.plus(Decimal.max(unit, missing.times(rate).toDecimalPlaces(fiatDecimals, Decimal.ROUND_UP)));
  }
  throw new QuoteError('invalidAmount', 'The NFT could not be priced under these fees.');
}

export function testModeMarketRate(ticker: string, fiatCurrencyCode: string): string | null {
  const usd = TEST_MODE_USD_PRICES[ticker];
  const fiatPerUsd = TEST_MODE_FIAT_PER_USD[fiatCurrencyCode];
  if (!usd || !fiatPerUsd) return null;
  return new Decimal(usd).times(fiatPerUsd).toFixed();
}

/** The provider's default rules for every account (accountId null), seeded at start. */
export const DEFAULT_PROVIDER_RULES: Omit<PricingRule, 'id' | 'accountId'>[] = [
  { type: 'fee', region: 'Global', paymentMethod: null, transactionType: 'buy', percentage: '4.5', fixedValue: '0', minValue: '3.99' },
  { type: 'fee', region: 'Global', paymentMethod: 'sepa', transactionType: 'buy', percentage: '1', fixedValue: '0', minValue: '1.99' },
  { type: 'fee', region: 'Global', paymentMethod: 'ach', transactionType: 'buy', percentage: '1', fixedValue: '0', minValue: '1.99' },
  { type: 'fee', region: 'UK', paymentMethod: 'gbpOpenBankingPayment', transactionType: 'buy', percentage: '0.5', fixedValue: '0', minValue: '0.99' },
  { type: 'fee', region: 'Global', paymentMethod: null, transactionType: 'sell', percentage: '1', fixedValue: '0', minValue: '3.99' },
  { type: 'fee', region: 'Global', paymentMethod: 'balance', transactionType: 'sell', percentage: '0.5', fixedValue: '0', minValue: '0' },
  { type: 'networkFee', region: 'Global', paymentMethod: null, transactionType: 'buy', percentage: '0', fixedValue: '0.5', minValue: '0' },
  { type: 'spread', region: 'Global', paymentMethod: null, transactionType: 'buy', percentage: '1', fixedValue: '0', minValue: '0' },
  { type: 'spread', region: 'Global', paymentMethod: null, transactionType: 'sell', percentage: '1', fixedValue: '0', minValue: '0' },
];
