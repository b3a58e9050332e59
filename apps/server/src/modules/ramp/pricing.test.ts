// The quote arithmetic of @rampart/shared/pricing on decimal edge cases (pure: no database, no server).
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROVIDER_RULES,
  partnerFeeFullFrom,
  QuoteError,
  quoteRamp,
  regionOfCountry,
  resolveRule,
  ruleCharge,
  testModeMarketRate,
  type PricingRule,
  type QuoteInput,
} from '@rampart/shared/pricing';

const rule = (overrides: Partial<PricingRule>): PricingRule => ({
  type: 'fee',
  region: 'Global',
  paymentMethod: null,
  transactionType: 'buy',
  percentage: '0',
  fixedValue: '0',
  minValue: '0',
  ...overrides,
});

const BTC = { code: 'btc', ticker: 'btc' };
const base = (overrides: Partial<QuoteInput>): QuoteInput => ({
  transactionType: 'buy',
  region: 'US',
  paymentMethod: 'creditCard',
  fiatCurrencyCode: 'usd',
  asset: BTC,
  marketRate: '64000',
  amount: '100',
  rules: [],
  partnerFeeCapPercent: null,
  ...overrides,
});

function quoteError(input: QuoteInput): QuoteError {
  try {
    quoteRamp(input);
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
  throw new Error('expected a QuoteError');
}

describe('rule resolution', () => {
  const account = (overrides: Partial<PricingRule>) => rule({ accountId: 'acc', ...overrides });
  const where = { type: 'fee', region: 'EEA', paymentMethod: 'sepa', transactionType: 'buy' } as const;

  it('takes the most specific level, and the account’s rule over the default at one level', () => {
    const globalDefault = rule({ percentage: '4' });
    const globalAccount = account({ percentage: '3' });
    const globalSepa = rule({ paymentMethod: 'sepa', percentage: '2' });
    const eea = rule({ region: 'EEA', percentage: '1.5' });
    const eeaSepaDefault = rule({ region: 'EEA', paymentMethod: 'sepa', percentage: '1' });
    const eeaSepaAccount = account({ region: 'EEA', paymentMethod: 'sepa', percentage: '0.5' });
    const all = [globalDefault, globalAccount, globalSepa, eea, eeaSepaDefault, eeaSepaAccount];
    expect(resolveRule(all, where)).toEqual({ rule: eeaSepaAccount, specificity: 'regionAndPaymentMethod' });
    expect(
      resolveRule(
        all.filter((each) => each !== eeaSepaAccount),
        where,
      ),
    ).toEqual({ rule: eeaSepaDefault, specificity: 'regionAndPaymentMethod' });
    expect(resolveRule([globalDefault, globalAccount, globalSepa, eea], where)).toEqual({ rule: eea, specificity: 'region' });
    expect(resolveRule([globalDefault, globalAccount, globalSepa], where)).toEqual({ rule: globalSepa, specificity: 'globalAndPaymentMethod' });
    expect(resolveRule([globalDefault, globalAccount], where)).toEqual({ rule: globalAccount, specificity: 'global' });
    expect(resolveRule([globalAccount, globalDefault], where)).toEqual({ rule: globalAccount, specificity: 'global' });
    // A default that is more specific beats the account's broader rule.
    expect(resolveRule([globalAccount, eeaSepaDefault], where)!.rule).toBe(eeaSepaDefault);
  });

  it('ignores rules of another region, payment method, transaction type or type', () => {
    const others = [
      rule({ region: 'UK', percentage: '9' }),
      rule({ paymentMethod: 'ach', percentage: '9' }),
      rule({ transactionType: 'sell', percentage: '9' }),
      rule({ type: 'partnerFee', percentage: '9' }),
    ];
    expect(resolveRule(others, where)).toBeNull();
  });
});

describe('charges', () => {
  it('round half up to the fiat’s decimals, with the minimum binding only when above', () => {
    expect(ruleCharge(rule({ percentage: '1' }), '100.50', 2).toFixed()).toBe('1.01'); // 1.005, half up (not to even)
    expect(ruleCharge(rule({ percentage: '1' }), '100.49', 2).toFixed()).toBe('1');
    expect(ruleCharge(rule({ percentage: '1', minValue: '3.99' }), '100', 2).toFixed(2)).toBe('3.99');
    expect(ruleCharge(rule({ percentage: '1', minValue: '3.99' }), '500', 2).toFixed(2)).toBe('5.00');
    expect(ruleCharge(rule({ percentage: '0.5', fixedValue: '0.30' }), '10', 2).toFixed(2)).toBe('0.35');
    expect(ruleCharge(rule({ fixedValue: '0.5' }), '1000', 0).toFixed()).toBe('1'); // jpy: half a yen rounds up
    expect(ruleCharge(null, '100', 2).toFixed()).toBe('0');
  });
});

describe('buy quotes', () => {
  it('delivers the crypto rounded down to the asset’s decimals (8 for btc, 6 for usdc)', () => {
    expect(quoteRamp(base({ marketRate: '3', amount: '100' })).quoteCurrencyAmount).toBe('33.33333333');
    expect(quoteRamp(base({ asset: { code: 'usdc', ticker: 'usdc' }, marketRate: '3', amount: '100' })).quoteCurrencyAmount).toBe('33.333333');
    expect(quoteRamp(base({ amount: '100' })).quoteCurrencyAmount).toBe('0.00156250');
    // Fiat beyond cents is refused, not rounded: the customer pays exactly what was quoted.
    expect(quoteError(base({ amount: '100.009' }))).toMatchObject({ code: 'invalidAmount', message: 'USD amounts have at most 2 decimals.' });
    expect(quoteRamp(base({ amount: '100.000' })).baseCurrencyAmount).toBe('100.00');
  });

  it('quotes the default rules on 100 USD by card: 4.50 fee, 0.50 network fee, 1 % spread', () => {
    const quote = quoteRamp(base({ rules: DEFAULT_PROVIDER_RULES }));
    // 95.00 / 64640 = 0.0014696782…
    expect(quote).toMatchObject({
      feeAmount: '4.50',
      networkFeeAmount: '0.50',
      extraFeeAmount: '0.00',
      totalFeeAmount: '5.00',
      exchangeRate: '64640',
      quoteCurrencyAmount: '0.00146967',
    });
    // The parts add up: what the crypto is worth at the market rate, plus fees, plus the spread's cost is what was paid.
    const worth = new Decimal(quote.quoteCurrencyAmount).times(quote.marketRate);
    const spread = quote.applied.find((each) => each.type === 'spread')!.amount;
    expect(worth.plus(quote.totalFeeAmount).plus(spread).toDecimalPlaces(2).toFixed(2)).toBe('100.00');
  });

  it('the minimum of amountTooSmall is exactly enough: it quotes, one cent less does not', () => {
    const cases: Array<Partial<QuoteInput>> = [
      { rules: DEFAULT_PROVIDER_RULES, amount: '4' },
      { rules: [rule({ fixedValue: '1' })], amount: '1' },
      { rules: [rule({ percentage: '2', minValue: '0.5' }), rule({ type: 'partnerFee', percentage: '3' })], amount: '0.2' },
      { rules: DEFAULT_PROVIDER_RULES, amount: '3', asset: { code: 'shib', ticker: 'shib' }, marketRate: '0.000018' },
    ];
    for (const input of cases) {
      const error = quoteError(base(input));
      expect(error.code).toBe('amountTooSmall');
      expect(error.message).toContain(`pay at least ${error.minimumAmount}`);
      const atMinimum = quoteRamp(base({ ...input, amount: error.minimumAmount! }));
      expect(new Decimal(atMinimum.quoteCurrencyAmount).gt(0)).toBe(true);
      expect(quoteError(base({ ...input, amount: new Decimal(error.minimumAmount!).minus('0.01').toFixed(2) })).code).toBe('amountTooSmall');
    }
    expect(quoteError(base({ rules: DEFAULT_PROVIDER_RULES, amount: '4' })).message).toBe('The amount does not cover the fees of 4.49 USD; pay at least 4.50.');
  });

  it('a tiny amount without fees still buys the smallest unit, and nothing below it', () => {
    expect(quoteRamp(base({ amount: '0.01' })).quoteCurrencyAmount).toBe('0.00000015'); // 0.01 / 64000 = 0.00000015625
    expect(quoteError(base({ amount: '0.001' }))).toMatchObject({ code: 'invalidAmount', message: 'USD amounts have at most 2 decimals.' });
  });

  it('yen has no decimals: amounts and fees are whole yen', () => {
    const rules = [rule({ percentage: '1.5' }), rule({ type: 'networkFee', fixedValue: '0.5' })];
    const quote = quoteRamp(base({ fiatCurrencyCode: 'jpy', marketRate: testModeMarketRate('btc', 'jpy')!, amount: '10000', rules }));
    expect(quote).toMatchObject({ baseCurrencyAmount: '10000', feeAmount: '150', networkFeeAmount: '1', totalFeeAmount: '151', marketRate: '9600000' });
    expect(quote.quoteCurrencyAmount).toBe('0.00102593'); // 9849 / 9600000 = 0.001025937…
    expect(quoteError(base({ fiatCurrencyCode: 'jpy', marketRate: '9600000', amount: '100', rules: [rule({ minValue: '150' })] })).message).toBe(
      'The amount does not cover the fees of 150 JPY; pay at least 151.',
    );
  });

  it('refuses amounts that are not positive numbers', () => {
    for (const amount of ['0', '-5', 'abc', '']) expect(quoteError(base({ amount })).code).toBe('invalidAmount');
    expect(quoteError(base({ fiatCurrencyCode: 'jpy', marketRate: '9600000', amount: '10000.7' })).message).toBe('JPY amounts are whole numbers: no decimals.');
  });

  it('bounds amounts: no exponent, at most 15 digits before the point', () => {
    expect(quoteError(base({ amount: '1e309' })).message).toBe(
      'Write the amount in plain digits, such as 100 or 0.05: an exponent such as 1e3 is not accepted.',
    );
    expect(quoteError(base({ amount: '1000000000000000' })).message).toBe('The amount is too large: at most 15 digits before the decimal point.');
    expect(quoteRamp(base({ amount: '999999999999999.99' })).baseCurrencyAmount).toBe('999999999999999.99');
  });
});

describe('sell quotes', () => {
  it('cuts the crypto to the asset’s decimals and pays out whole cents after fees', () => {
    const rules = [rule({ transactionType: 'sell', percentage: '1', minValue: '3.99' }), rule({ type: 'spread', transactionType: 'sell', percentage: '1' })];
    expect(quoteError(base({ transactionType: 'sell', paymentMethod: 'sepa', amount: '0.123456789', rules })).message).toBe(
      'BTC amounts have at most 8 decimals.',
    );
    const quote = quoteRamp(base({ transactionType: 'sell', paymentMethod: 'sepa', amount: '0.12345678', rules }));
    // 0.12345678 × 63360 = 7822.2215808 → 7822.22 gross; 1 % = 78.2222 → 78.22; paid out 7744.00.
    expect(quote).toMatchObject({ baseCurrencyAmount: '0.12345678', exchangeRate: '63360', feeAmount: '78.22', quoteCurrencyAmount: '7744.00' });
    expect(quoteError(base({ transactionType: 'sell', asset: { code: 'usdc', ticker: 'usdc' }, marketRate: '1', amount: '10.1234567' })).message).toBe(
      'USDC amounts have at most 6 decimals.',
    );
  });

  it('names the crypto that covers the fees, and that amount is exactly enough', () => {
    const rules = [rule({ transactionType: 'sell', percentage: '1', minValue: '3.99' })];
    const error = quoteError(base({ transactionType: 'sell', amount: '0.00005', rules }));
    expect(error.code).toBe('amountTooSmall');
    // (3.99 + 0.01) / 64000 = 0.0000625
    expect(error.minimumAmount).toBe('0.0000625');
    expect(error.message).toBe('The amount does not cover the fees of 3.99 USD; send at least 0.0000625 BTC.');
    expect(quoteRamp(base({ transactionType: 'sell', amount: error.minimumAmount!, rules })).quoteCurrencyAmount).toBe('0.01');
    expect(quoteError(base({ transactionType: 'sell', amount: '0.00006249', rules })).code).toBe('amountTooSmall');
    expect(quoteError(base({ transactionType: 'sell', amount: '0.000000001' })).code).toBe('invalidAmount'); // below one satoshi
  });
});

describe('the partner fee cap', () => {
  const partner = (overrides: Partial<PricingRule>) => rule({ type: 'partnerFee', ...overrides });

  it('bounds the whole partner fee (percentage, fixed value and minimum) at the cap of the amount', () => {
    // The attacker's pass: a fixed 1,000 on a 1,200 USD buy was charged in full (83 %).
    const fixed = quoteRamp(base({ amount: '1200', rules: [partner({ fixedValue: '1000' })], partnerFeeCapPercent: '5' }));
    expect(fixed.extraFeeAmount).toBe('60.00');
    expect(fixed.applied.find((each) => each.type === 'partnerFee')!.amount).toBe('60.00');
    expect(fixed.totalFeeAmount).toBe('60.00');
    const minimum = quoteRamp(base({ amount: '1200', rules: [partner({ percentage: '1', minValue: '1000' })], partnerFeeCapPercent: '5' }));
    expect(minimum.extraFeeAmount).toBe('60.00');
    // Cut down, never rounded up past the cap: 5 % of 33.33 is 1.6665.
    expect(quoteRamp(base({ amount: '33.33', rules: [partner({ fixedValue: '10' })], partnerFeeCapPercent: '5' })).extraFeeAmount).toBe('1.66');
    // Under the cap the rule is charged as it is.
    expect(quoteRamp(base({ amount: '1200', rules: [partner({ percentage: '2', fixedValue: '1' })], partnerFeeCapPercent: '5' })).extraFeeAmount).toBe('25.00');
  });

  it('caps sells on the fiat paid out, and the minimum amount it names still quotes', () => {
    const sell = partner({ transactionType: 'sell', fixedValue: '1000' });
    const quote = quoteRamp(
      base({ transactionType: 'sell', asset: { code: 'usdc', ticker: 'usdc' }, marketRate: '1', amount: '1200', rules: [sell], partnerFeeCapPercent: '5' }),
    );
    expect(quote.extraFeeAmount).toBe('60.00');
    expect(quote.quoteCurrencyAmount).toBe('1140.00');
    const small = quoteError(base({ amount: '0.01', rules: [rule({ fixedValue: '1' }), partner({ fixedValue: '1000' })], partnerFeeCapPercent: '5' }));
    expect(small.minimumAmount).toBe('1.06');
    expect(
      quoteRamp(base({ amount: '1.06', rules: [rule({ fixedValue: '1' }), partner({ fixedValue: '1000' })], partnerFeeCapPercent: '5' })).extraFeeAmount,
    ).toBe('0.05');
  });

  it('says from which amount a rule is charged in full, and when never', () => {
    expect(partnerFeeFullFrom({ percentage: '1', fixedValue: '0', minValue: '0' }, '5')).toBe('0');
    expect(partnerFeeFullFrom({ percentage: '0', fixedValue: '1000', minValue: '0' }, '5')).toBe('20000');
    expect(partnerFeeFullFrom({ percentage: '2', fixedValue: '1', minValue: '5' }, '5')).toBe('100');
    expect(partnerFeeFullFrom({ percentage: '2', fixedValue: '1', minValue: '0' }, '3')).toBe('100');
    expect(partnerFeeFullFrom({ percentage: '0', fixedValue: '1', minValue: '0' }, '3')).toBe('33.34');
    expect(partnerFeeFullFrom({ percentage: '5', fixedValue: '0.01', minValue: '0' }, '5')).toBeNull();
    expect(partnerFeeFullFrom({ percentage: '0', fixedValue: '0', minValue: '1' }, '0')).toBeNull();
  });
});

describe('regions and reference rates', () => {
  it('maps countries to pricing regions', () => {
    expect(['US', 'gb', 'CA', 'BR', 'NG', 'AU', 'de', 'NO', 'JP', 'SG', 'ZA', 'CH'].map(regionOfCountry)).toEqual([
      'US',
      'UK',
      'CA',
      'BR',
      'NG',
      'Australia',
      'EEA',
      'EEA',
      'AsiaEast',
      'AsiaEast',
      'Global',
      'Global',
    ]);
  });
  it('prices test mode from the reference tables, decimals only', () => {
    expect(testModeMarketRate('btc', 'eur')).toBe('58880');
    expect(testModeMarketRate('shib', 'jpy')).toBe('0.0027');
    expect(testModeMarketRate('nope', 'usd')).toBeNull();
    expect(testModeMarketRate('btc', 'xyz')).toBeNull();
  });
});
