import { describe, expect, it } from 'vitest';
import {
  applyingRule,
  appliesWhere,
  describeCharge,
  feeBreakdown,
  partnerFeeCapHint,
  ruleErrorPath,
  ruleFormSchema,
  toRuleInput,
  toRuleRow,
  type RuleRow,
} from './pricing';

const limits = { partnerFeeMaxPercentage: '5', feeMaxPercentage: '20', networkFeeMaxPercentage: '5', spreadMaxPercentage: '10', maxFixedValue: '1000' };
const row = (extra: Partial<RuleRow> = {}): RuleRow => ({ region: 'Global', paymentMethod: 'all', percentage: '1', fixedValue: '0', minValue: '0', ...extra });

function messages(result: ReturnType<ReturnType<typeof ruleFormSchema>['safeParse']>) {
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('rule editor validation', () => {
  const schema = ruleFormSchema('partnerFee', limits);

  it('accepts rows within the bounds', () => {
    expect(
      schema.safeParse({ rules: [row(), row({ region: 'US', paymentMethod: 'creditCard', percentage: '5', fixedValue: '0', minValue: '1000' })] }).success,
    ).toBe(true);
  });

  it('refuses a partner fee the cap would always cut, as the server does, and says from where a fixed value is charged in full', () => {
    expect(messages(schema.safeParse({ rules: [row({ percentage: '5', fixedValue: '0.5' })] }))).toEqual({
      'rules.0.fixedValue':
        'With the percentage at the cap of 5 %, a fixed value could never be charged: the whole partner fee is at most 5 % of each transaction. Lower the percentage or set the fixed value to 0.',
    });
    expect(partnerFeeCapHint(row({ percentage: '0', fixedValue: '1000' }), '5')).toBe('Charged in full from 20,000; below that, at most 5 % of the amount.');
    expect(partnerFeeCapHint(row({ percentage: '2', fixedValue: '1', minValue: '5' }), '5')).toBe(
      'Charged in full from 100; below that, at most 5 % of the amount.',
    );
    expect(partnerFeeCapHint(row({ percentage: '1' }), '5')).toBeNull();
    expect(partnerFeeCapHint(row({ fixedValue: 'abc' }), '5')).toBeNull();
  });

  it('refuses a partner fee above the cap, naming the cap', () => {
    expect(messages(schema.safeParse({ rules: [row({ percentage: '5.01' })] }))['rules.0.percentage']).toBe(
      'The percentage is capped at 5 % (the provider’s cap on your fee).',
    );
  });

  it('refuses negatives, non-numbers, empty values, too many decimals and fixed values above the maximum', () => {
    const result = messages(
      schema.safeParse({
        rules: [row({ percentage: '-1', fixedValue: 'abc', minValue: '' }), row({ region: 'US', percentage: '1.00001', fixedValue: '1000.01' })],
      }),
    );
    expect(result['rules.0.percentage']).toBe('The percentage cannot be negative.');
    expect(result['rules.0.fixedValue']).toBe('Enter a number such as 1.5.');
    expect(result['rules.0.minValue']).toBe('Enter the minimum (0 for none).');
    expect(result['rules.1.percentage']).toBe('Use at most 4 decimal places.');
    expect(result['rules.1.fixedValue']).toBe('The fixed value is capped at 1000.');
  });

  it('uses each type’s own cap', () => {
    expect(ruleFormSchema('fee', limits).safeParse({ rules: [row({ percentage: '19' })] }).success).toBe(true);
    expect(ruleFormSchema('spread', limits).safeParse({ rules: [row({ percentage: '11' })] }).success).toBe(false);
  });

  it('refuses the same region and method twice', () => {
    expect(messages(schema.safeParse({ rules: [row(), row({ percentage: '2' })] }))['rules.1.paymentMethod']).toBe(
      'Row 1 already sets this region and method.',
    );
  });

  it('maps rows to the mutation input and back ("all" is every method)', () => {
    expect(toRuleInput(row({ percentage: ' 1.5 ' }), 'buy')).toEqual({
      region: 'Global',
      paymentMethod: null,
      transactionType: 'buy',
      percentage: '1.5',
      fixedValue: '0',
      minValue: '0',
    });
    expect(toRuleRow({ region: 'US', paymentMethod: 'sepa', percentage: '1', fixedValue: '0', minValue: '0' }).paymentMethod).toBe('sepa');
    expect(toRuleRow({ region: 'US', paymentMethod: null, percentage: '1', fixedValue: '0', minValue: '0' }).paymentMethod).toBe('all');
  });

  it('puts server errors on the page’s rows only', () => {
    expect(ruleErrorPath('rules.1.percentage', 2)).toBe('rules.1.percentage');
    expect(ruleErrorPath('rules.3.percentage', 2)).toBeNull();
    expect(ruleErrorPath('type', 2)).toBeNull();
  });
});

describe('which rule applies where', () => {
  it('explains each level', () => {
    expect(appliesWhere({ region: 'US', paymentMethod: 'creditCard' })).toBe('Credit card in United States (most specific)');
    expect(appliesWhere({ region: 'EEA', paymentMethod: null })).toBe('Every method in European Economic Area without a method-specific rule');
    expect(appliesWhere({ region: 'Global', paymentMethod: 'sepa' })).toBe('SEPA bank transfer in every region without a more specific rule');
    expect(appliesWhere({ region: 'Global', paymentMethod: null })).toBe('Everywhere no more specific rule applies');
  });

  it('resolves most specific first, the account’s rule before the default', () => {
    const base = { type: 'fee' as const, transactionType: 'buy' as const };
    const rules = [
      { ...base, id: 'g', region: 'Global' as const, paymentMethod: null, source: 'PROVIDER_DEFAULT' as const },
      { ...base, id: 'gs', region: 'Global' as const, paymentMethod: 'sepa' as const, source: 'PROVIDER_DEFAULT' as const },
      { ...base, id: 'us', region: 'US' as const, paymentMethod: null, source: 'PROVIDER_DEFAULT' as const },
      { ...base, id: 'us-acc', region: 'US' as const, paymentMethod: null, source: 'ACCOUNT' as const },
      { ...base, id: 'us-cc', region: 'US' as const, paymentMethod: 'creditCard' as const, source: 'PROVIDER_DEFAULT' as const },
    ];
    const at = (region: 'US' | 'EEA', paymentMethod: 'creditCard' | 'sepa' | 'ach') => applyingRule(rules, { ...base, region, paymentMethod });
    expect(at('US', 'creditCard')).toMatchObject({ rule: { id: 'us-cc' }, specificity: 'regionAndPaymentMethod' });
    expect(at('US', 'sepa')).toMatchObject({ rule: { id: 'us-acc' }, specificity: 'region' });
    expect(at('EEA', 'sepa')).toMatchObject({ rule: { id: 'gs' }, specificity: 'globalAndPaymentMethod' });
    expect(at('EEA', 'ach')).toMatchObject({ rule: { id: 'g' }, specificity: 'global' });
    expect(applyingRule(rules, { ...base, type: 'spread', region: 'US', paymentMethod: 'ach' })).toBeNull();
  });
});

it('describes a charge', () => {
  expect(describeCharge({ percentage: '4.50', fixedValue: '0', minValue: '3.99' })).toBe('4.5 %, at least 3.99');
  expect(describeCharge({ percentage: '0', fixedValue: '0.50', minValue: '0' })).toBe('0.5');
  expect(describeCharge({ percentage: '1', fixedValue: '0.3', minValue: '0' })).toBe('1 % + 0.3');
  expect(describeCharge({ percentage: '0', fixedValue: '0', minValue: '0' })).toBe('Nothing');
  // In a quote the currency is known and named (issue 36).
  expect(describeCharge({ percentage: '0', fixedValue: '0.50', minValue: '0' }, 'usd')).toBe('0.5 USD');
  expect(describeCharge({ percentage: '4.50', fixedValue: '0', minValue: '3.99' }, 'eur')).toBe('4.5 %, at least 3.99 EUR');
});

it('names the currency of every fee in a quote’s breakdown, never a bare “network 0.5” (issue 36)', () => {
  expect(feeBreakdown({ feeAmount: '3.99', networkFeeAmount: '0.5', extraFeeAmount: '0', fiatCurrencyCode: 'usd' }, 'en-US')).toBe(
    'provider $3.99, network $0.50, your fee $0.00',
  );
  expect(feeBreakdown({ feeAmount: '1', networkFeeAmount: '0.5', extraFeeAmount: '0.25', fiatCurrencyCode: 'eur' }, 'en-US')).toBe(
    'provider €1.00, network €0.50, your fee €0.25',
  );
});
