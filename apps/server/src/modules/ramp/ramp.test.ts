import { beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { errorCode, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';

const t = useTestApp();
let finance: ApiClient;
let accountManager: ApiClient;
beforeAll(async () => {
  finance = (await signedInUser(t, { adminRole: 'FinanceManager' })).client;
  accountManager = (await signedInUser(t, { adminRole: 'AccountManager' })).client;
});

const PAIRS = `query($a: ID!) { account(id: $a) { currencyAccountPairs { id isEnabled isSellEnabled isConfigured currency { code isSuspended isSellSupported } } onboardingInfo { areCurrenciesConfigured areDomainsConfigured } hasConfiguredRampFees { buyFees sellFees } } }`;
const UPDATE_PAIRS = `mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { id isEnabled isSellEnabled isConfigured currency { code } } }`;
const RULE_FIELDS = 'id type region paymentMethod transactionType percentage fixedValue minValue source isEditableByViewer updatedAt';
const RULES = `query($a: ID!, $r: PricingRegion) { pricingRules(accountId: $a, region: $r) { accountId rules { ${RULE_FIELDS} } limits { partnerFeeMaxPercentage feeMaxPercentage networkFeeMaxPercentage spreadMaxPercentage maxFixedValue } editableTypes } }`;
const UPDATE_RULES = `mutation($a: ID!, $t: PricingRuleType!, $r: [PricingRuleInput!]!) { updatePricingRules(accountId: $a, type: $t, rules: $r) { rules { ${RULE_FIELDS} } editableTypes } }`;
const QUOTE = `query($a: ID!, $i: RampQuoteInput!) { rampQuote(accountId: $a, input: $i) {
  transactionType region paymentMethod fiatCurrencyCode cryptoCurrencyCode baseCurrencyAmount quoteCurrencyAmount feeAmount extraFeeAmount
  networkFeeAmount totalFeeAmount spreadPercentage marketRate exchangeRate applied { type amount specificity rule { type region paymentMethod percentage source } }
} }`;
const INTEGRATIONS = `query($a: ID!) { integrations(accountId: $a) { id type value createdAt } }`;
const CREATE_INTEGRATION = `mutation($a: ID!, $i: IntegrationInput!) { createIntegration(accountId: $a, input: $i) { id type value createdAt } }`;
const DELETE_INTEGRATION = `mutation($id: ID!) { deleteIntegration(id: $id) }`;

type Rule = { region: string; paymentMethod: string | null; transactionType: string; percentage: string; fixedValue: string; minValue: string };
const rule = (overrides: Partial<Rule> = {}): Rule => ({
  region: 'Global',
  paymentMethod: null,
  transactionType: 'buy',
  percentage: '1',
  fixedValue: '0',
  minValue: '0',
  ...overrides,
});
const buy = (overrides: Record<string, unknown> = {}) => ({
  transactionType: 'buy',
  country: 'US',
  paymentMethod: 'creditCard',
  fiatCurrencyCode: 'usd',
  cryptoCurrencyCode: 'btc',
  amount: '100',
  ...overrides,
});

/** The quote's refusal: BAD_USER_INPUT, and the message on each field at fault. */
async function quoteRefusal(partner: Awaited<ReturnType<typeof accountWithMember>>, input: Record<string, unknown>) {
  const result = await partner.client.gql(QUOTE, { a: partner.accountId, i: buy(input) });
  expect(errorCode(result)).toBe('BAD_USER_INPUT');
  return result.errors![0]!.extensions!.fields as Record<string, string>;
}

async function catalogue(): Promise<Array<{ id: string; code: string; is_suspended: boolean; is_sell_supported: boolean }>> {
  return (await t.database.pool.query(`select id, code, is_suspended, is_sell_supported from crypto_currencies order by sort_order, code`)).rows;
}
const idOf = async (code: string) => (await catalogue()).find((row) => row.code === code)!.id;

describe('currencies an account offers', () => {
  it('lists every catalogue asset in order with the catalogue defaults until the partner saves', async () => {
    const partner = await accountWithMember(t);
    const { account } = await partner.client.ok(PAIRS, { a: partner.accountId });
    const rows = await catalogue();
    expect(account.currencyAccountPairs.map((pair: { currency: { code: string } }) => pair.currency.code)).toEqual(rows.map((row) => row.code));
    const byCode = Object.fromEntries(account.currencyAccountPairs.map((pair: { currency: { code: string } }) => [pair.currency.code, pair]));
    expect(byCode.btc).toMatchObject({ id: await idOf('btc'), isEnabled: true, isSellEnabled: true, isConfigured: false });
    expect(byCode.eth_polygon).toMatchObject({ isEnabled: true, isSellEnabled: false, isConfigured: false });
    expect(byCode.matic).toMatchObject({ isEnabled: false, isSellEnabled: false, currency: { isSuspended: true } });
    expect(account.onboardingInfo.areCurrenciesConfigured).toBe(false);
  });

  it('saves in bulk, keeps unlisted assets as they were, and sets areCurrenciesConfigured truthfully', async () => {
    const partner = await accountWithMember(t);
    const [btc, eth, sol] = await Promise.all(['btc', 'eth', 'sol'].map(idOf));
    const saved = await partner.client.ok(UPDATE_PAIRS, {
      a: partner.accountId,
      p: [
        { currencyId: btc, isEnabled: true, isSellEnabled: false },
        { currencyId: eth, isEnabled: false, isSellEnabled: false },
        { currencyId: sol, isEnabled: true, isSellEnabled: true },
      ],
    });
    expect(saved.updateCurrencyAccountPairs).toEqual([
      { id: btc, isEnabled: true, isSellEnabled: false, isConfigured: true, currency: { code: 'btc' } },
      { id: eth, isEnabled: false, isSellEnabled: false, isConfigured: true, currency: { code: 'eth' } },
      { id: sol, isEnabled: true, isSellEnabled: true, isConfigured: true, currency: { code: 'sol' } },
    ]);
    let { account } = await partner.client.ok(PAIRS, { a: partner.accountId });
    expect(account.onboardingInfo.areCurrenciesConfigured).toBe(true);
    expect(account.currencyAccountPairs.find((pair: { currency: { code: string } }) => pair.currency.code === 'usdc')).toMatchObject({
      isEnabled: true,
      isConfigured: false,
    });

    // Offering nothing at all: not configured.
    const everything = (await catalogue()).map((row) => ({ currencyId: row.id, isEnabled: false, isSellEnabled: false }));
    await partner.client.ok(UPDATE_PAIRS, { a: partner.accountId, p: everything });
    ({ account } = await partner.client.ok(PAIRS, { a: partner.accountId }));
    expect(account.onboardingInfo.areCurrenciesConfigured).toBe(false);
    expect(account.currencyAccountPairs.every((pair: { isEnabled: boolean }) => !pair.isEnabled)).toBe(true);

    // Selling is its own product: an asset may be offered for selling only.
    const sellOnly = await partner.client.ok(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: btc, isEnabled: false, isSellEnabled: true }] });
    expect(sellOnly.updateCurrencyAccountPairs).toEqual([{ id: btc, isEnabled: false, isSellEnabled: true, isConfigured: true, currency: { code: 'btc' } }]);
    ({ account } = await partner.client.ok(PAIRS, { a: partner.accountId }));
    expect(account.onboardingInfo.areCurrenciesConfigured).toBe(true);
    expect((await t.app.services.ramp.offeredCurrencies(partner.accountId, 'sell')).map((each) => each.code)).toEqual(['btc']);
    expect(await t.app.services.ramp.offeredCurrencies(partner.accountId, 'buy')).toEqual([]);
  });

  it('refuses a suspended asset, selling where unsupported and unknown ids, naming the asset', async () => {
    const partner = await accountWithMember(t);
    const [matic, ethPolygon] = await Promise.all(['matic', 'eth_polygon'].map(idOf));
    const suspended = await partner.client.gql(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: matic, isEnabled: true, isSellEnabled: false }] });
    expect(errorCode(suspended)).toBe('BAD_USER_INPUT');
    expect(suspended.errors![0]!.extensions!.fields).toEqual({ 'pairs.0.isEnabled': 'Polygon (ERC-20 MATIC) (MATIC) is suspended and cannot be enabled.' });
    const noSell = await partner.client.gql(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: ethPolygon, isEnabled: true, isSellEnabled: true }] });
    expect(noSell.errors![0]!.extensions!.fields).toEqual({
      'pairs.0.isSellEnabled': 'Ethereum (Polygon) (ETH_POLYGON) cannot be sold through Rampart: selling is not supported for it.',
    });
    for (const bad of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const unknown = await partner.client.gql(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: bad, isEnabled: true, isSellEnabled: false }] });
      expect(unknown.errors![0]!.extensions!.fields).toEqual({ 'pairs.0.currencyId': 'This currency is not in the catalogue.' });
    }
    const rows = await t.database.pool.query(`select 1 from currency_account_pairs where account_id = $1`, [partner.accountId]);
    expect(rows.rowCount).toBe(0);
  });

  it('a developer (no currencies:manage) cannot change them', async () => {
    const developer = await accountWithMember(t, { role: 'developer' });
    const result = await developer.client.gql(UPDATE_PAIRS, { a: developer.accountId, p: [] });
    expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
  });
});

describe('pricing rules', () => {
  it('lists the provider defaults for a region and Global, with the limits and what the viewer may edit', async () => {
    const partner = await accountWithMember(t);
    const { pricingRules } = await partner.client.ok(RULES, { a: partner.accountId, r: 'UK' });
    expect(pricingRules.limits).toEqual({
      partnerFeeMaxPercentage: '5',
      feeMaxPercentage: '20',
      networkFeeMaxPercentage: '5',
      spreadMaxPercentage: '10',
      maxFixedValue: '1000',
    });
    expect(pricingRules.editableTypes).toEqual(['partnerFee']);
    const regions = new Set(pricingRules.rules.map((each: Rule) => each.region));
    expect([...regions].sort()).toEqual(['Global', 'UK']);
    const ukOpenBanking = pricingRules.rules.find((each: Rule) => each.region === 'UK');
    expect(ukOpenBanking).toMatchObject({
      type: 'fee',
      paymentMethod: 'gbpOpenBankingPayment',
      percentage: '0.5',
      minValue: '0.99',
      source: 'PROVIDER_DEFAULT',
      isEditableByViewer: false,
    });
    const all = (await partner.client.ok(RULES, { a: partner.accountId, r: null })).pricingRules.rules;
    expect(all.length).toBeGreaterThanOrEqual(9);
    const us = (await partner.client.ok(RULES, { a: partner.accountId, r: 'US' })).pricingRules.rules;
    expect(us.every((each: Rule) => each.region === 'Global')).toBe(true);

    const staffView = (await finance.ok(RULES, { a: partner.accountId, r: null })).pricingRules;
    expect(staffView.editableTypes).toEqual(['fee', 'networkFee', 'partnerFee', 'spread']);
    expect(staffView.rules.every((each: { isEditableByViewer: boolean }) => each.isEditableByViewer)).toBe(true);
  });

  it('seeding the defaults again adds nothing and keeps staff edits of them', async () => {
    await t.database.pool.query(
      `update pricing_rules set percentage = '4.25' where account_id is null and type = 'fee' and region = 'Global' and payment_method is null and transaction_type = 'buy'`,
    );
    try {
      const before = (await t.database.pool.query(`select count(*)::int as n from pricing_rules where account_id is null`)).rows[0].n;
      await t.app.services.ramp.seedDefaultRules();
      const after = await t.database.pool.query(
        `select count(*)::int as n, max(percentage) filter (where type = 'fee' and region = 'Global' and payment_method is null and transaction_type = 'buy') as p from pricing_rules where account_id is null`,
      );
      expect(after.rows[0]).toEqual({ n: before, p: '4.25' });
    } finally {
      await t.database.pool.query(
        `update pricing_rules set percentage = '4.5' where account_id is null and type = 'fee' and region = 'Global' and payment_method is null and transaction_type = 'buy'`,
      );
    }
  });

  it('resolves the most specific rule: region and method, region, Global and method, Global; the account beats the default at one level', async () => {
    const partner = await accountWithMember(t);
    await finance.ok(UPDATE_RULES, {
      a: partner.accountId,
      t: 'fee',
      r: [
        rule({ region: 'Global', percentage: '3' }),
        rule({ region: 'Global', paymentMethod: 'sepa', percentage: '2' }),
        rule({ region: 'EEA', percentage: '1.5' }),
        rule({ region: 'EEA', paymentMethod: 'sepa', percentage: '0.5' }),
      ],
    });
    const feeOf = async (country: string, paymentMethod: string) => {
      const { rampQuote } = await partner.client.ok(QUOTE, {
        a: partner.accountId,
        i: buy({ country, paymentMethod, amount: '1000', fiatCurrencyCode: 'eur' }),
      });
      const applied = rampQuote.applied.find((each: { type: string }) => each.type === 'fee');
      return {
        region: rampQuote.region,
        feeAmount: rampQuote.feeAmount,
        specificity: applied.specificity,
        percentage: applied.rule.percentage,
        source: applied.rule.source,
      };
    };
    expect(await feeOf('DE', 'sepa')).toEqual({
      region: 'EEA',
      feeAmount: '5.00',
      specificity: 'regionAndPaymentMethod',
      percentage: '0.5',
      source: 'ACCOUNT',
    });
    expect(await feeOf('FR', 'creditCard')).toEqual({ region: 'EEA', feeAmount: '15.00', specificity: 'region', percentage: '1.5', source: 'ACCOUNT' });
    expect(await feeOf('US', 'sepa')).toEqual({ region: 'US', feeAmount: '20.00', specificity: 'globalAndPaymentMethod', percentage: '2', source: 'ACCOUNT' });
    expect(await feeOf('US', 'creditCard')).toEqual({ region: 'US', feeAmount: '30.00', specificity: 'global', percentage: '3', source: 'ACCOUNT' });
    // The provider's UK open-banking default is more specific than the account's Global rule: it still applies.
    expect(await feeOf('GB', 'gbpOpenBankingPayment')).toEqual({
      region: 'UK',
      feeAmount: '5.00',
      specificity: 'regionAndPaymentMethod',
      percentage: '0.5',
      source: 'PROVIDER_DEFAULT',
    });

    // Another account without rules gets the provider's defaults.
    const other = await accountWithMember(t);
    const { rampQuote } = await other.client.ok(QUOTE, { a: other.accountId, i: buy({ amount: '1000' }) });
    expect(rampQuote.applied.find((each: { type: string }) => each.type === 'fee')).toMatchObject({
      amount: '45.00',
      specificity: 'global',
      rule: { percentage: '4.5', source: 'PROVIDER_DEFAULT' },
    });

    // An empty list returns the account to the defaults.
    await finance.ok(UPDATE_RULES, { a: partner.accountId, t: 'fee', r: [] });
    expect(await feeOf('US', 'creditCard')).toMatchObject({ specificity: 'global', percentage: '4.5', source: 'PROVIDER_DEFAULT' });
  });

  it('quotes a 100 USD card buy with a 1 % partner fee to the cent, through GraphQL', async () => {
    const partner = await accountWithMember(t);
    await partner.client.ok(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ percentage: '1' })] });
    const { rampQuote } = await partner.client.ok(QUOTE, { a: partner.accountId, i: buy() });
    expect(rampQuote).toMatchObject({
      transactionType: 'buy',
      region: 'US',
      paymentMethod: 'creditCard',
      fiatCurrencyCode: 'usd',
      cryptoCurrencyCode: 'btc',
      baseCurrencyAmount: '100.00',
      feeAmount: '4.50',
      networkFeeAmount: '0.50',
      extraFeeAmount: '1.00',
      totalFeeAmount: '6.00',
      spreadPercentage: '1',
      marketRate: '64000',
      exchangeRate: '64640',
      // 94.00 / 64640 = 0.0014542079…, rounded down to 8 decimals.
      quoteCurrencyAmount: '0.00145420',
    });
    expect(rampQuote.applied.map((each: { type: string; amount: string }) => [each.type, each.amount])).toEqual([
      ['fee', '4.50'],
      ['networkFee', '0.50'],
      ['partnerFee', '1.00'],
      ['spread', '0.93'],
    ]);

    // A sell: 0.01 BTC at 64000 × 0.99 = 633.60; fee 1 % = 6.34 (half up), partner fee none for selling.
    const sell = (await partner.client.ok(QUOTE, { a: partner.accountId, i: buy({ transactionType: 'sell', paymentMethod: 'sepa', amount: '0.01' }) }))
      .rampQuote;
    expect(sell).toMatchObject({
      baseCurrencyAmount: '0.01',
      feeAmount: '6.34',
      extraFeeAmount: '0.00',
      networkFeeAmount: '0.00',
      quoteCurrencyAmount: '627.26',
      exchangeRate: '63360',
    });
  });

  it('refuses quotes with a message on the field: too small (naming the minimum), unknown fiat, asset, country, an asset not offered', async () => {
    const partner = await accountWithMember(t);
    const fieldsOf = (input: Record<string, unknown>) => quoteRefusal(partner, input);
    expect((await fieldsOf({ amount: '4' })).amount).toBe('The amount does not cover the fees of 4.49 USD; pay at least 4.50.');
    expect(Object.keys(await fieldsOf({ fiatCurrencyCode: 'xyz' }))).toEqual(['fiatCurrencyCode']);
    expect((await fieldsOf({ cryptoCurrencyCode: 'nope' })).cryptoCurrencyCode).toMatch(/not in the catalogue/);
    expect(Object.keys(await fieldsOf({ country: 'ZZ' }))).toEqual(['country']);
    expect((await fieldsOf({ cryptoCurrencyCode: 'dot' })).cryptoCurrencyCode).toBe('Polkadot (DOT) is not available in test mode.');
    expect((await fieldsOf({ cryptoCurrencyCode: 'matic' })).cryptoCurrencyCode).toMatch(/suspended/);
    await partner.client.ok(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: await idOf('eth'), isEnabled: false, isSellEnabled: false }] });
    expect((await fieldsOf({ cryptoCurrencyCode: 'eth' })).cryptoCurrencyCode).toBe('This account does not offer Ethereum (ETH) for buying.');
    expect((await fieldsOf({ cryptoCurrencyCode: 'eth_polygon', transactionType: 'sell' })).cryptoCurrencyCode).toBe(
      'This account does not offer Ethereum (Polygon) (ETH_POLYGON) for selling.',
    );
  });

  it('refuses rampQuote amounts beyond their currency’s precision or size, naming the amount', async () => {
    const partner = await accountWithMember(t);
    const fieldsOf = (input: Record<string, unknown>) => quoteRefusal(partner, input);
    expect(await fieldsOf({ amount: '100.001' })).toEqual({ amount: 'USD amounts have at most 2 decimals.' });
    expect(await fieldsOf({ amount: '123456789012345678' })).toEqual({ amount: 'The amount is too large: at most 15 digits before the decimal point.' });
    expect(await fieldsOf({ transactionType: 'sell', paymentMethod: 'sepa', amount: '0.000000001' })).toEqual({
      amount: 'BTC amounts have at most 8 decimals.',
    });
    // The Decimal scalar already refuses exponents, for every Decimal argument.
    expect(errorCode(await partner.client.gql(QUOTE, { a: partner.accountId, i: buy({ amount: '1e309' }) }))).toBe('BAD_USER_INPUT');
  });

  it('caps the partner fee, with the cap in the message, and checks every value', async () => {
    const partner = await accountWithMember(t);
    const fieldsOf = async (rules: Rule[], type = 'partnerFee', client = partner.client) => {
      const result = await client.gql(UPDATE_RULES, { a: partner.accountId, t: type, r: rules });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      return { fields: result.errors![0]!.extensions!.fields as Record<string, string>, message: result.errors![0]!.message };
    };
    const capped = await fieldsOf([rule({ percentage: '5.01' })]);
    expect(capped.fields).toEqual({ 'rules.0.percentage': 'The partner fee is at most 5 %.' });
    expect(capped.message).toBe('The partner fee is at most 5 %.');
    await partner.client.ok(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ percentage: '5' })] });

    const many = await fieldsOf([
      rule({ percentage: '-1' }),
      rule({ transactionType: 'sell', percentage: '1.23456' }),
      rule({ region: 'EEA', fixedValue: '1000.01' }),
      rule({ region: 'EEA', minValue: '2000' }),
    ]);
    expect(many.fields).toEqual({
      'rules.0.percentage': 'Cannot be negative.',
      'rules.1.percentage': 'At most 4 decimal places.',
      'rules.2.fixedValue': 'A fixed value is at most 1000.',
      'rules.3.minValue': 'A minimum is at most 1000.',
      'rules.3': 'Rule 3 already covers EEA, every payment method, buy: keep one of them.',
    });
    expect(many.message).toMatch(/^5 problems in the partner fee rules/);
    const spread = await fieldsOf([rule({ percentage: '11' }), rule({ region: 'US', fixedValue: '1' })], 'spread', finance);
    expect(spread.fields).toEqual({
      'rules.0.percentage': 'A spread is at most 10 %.',
      'rules.1.fixedValue': 'A spread is a percentage only: leave the fixed value at 0.',
    });
    const network = await fieldsOf([rule({ percentage: '5.5' })], 'networkFee', finance);
    expect(network.fields).toEqual({ 'rules.0.percentage': 'A network fee is at most 5 %.' });
  });

  it('bounds the whole partner fee by the cap: a fixed value or minimum never takes more than 5 % of a quote', async () => {
    const partner = await accountWithMember(t);
    // Accepted: charged in full from 20,000 (5 % of it is 1,000); below that, quotes cut it to the cap.
    await partner.client.ok(UPDATE_RULES, {
      a: partner.accountId,
      t: 'partnerFee',
      r: [rule({ percentage: '0', fixedValue: '1000' }), rule({ transactionType: 'sell', percentage: '1', minValue: '1000' })],
    });
    const { rampQuote } = await partner.client.ok(QUOTE, { a: partner.accountId, i: buy({ amount: '1200' }) });
    // 5 % of 1,200, where the rule alone would charge 1,000 (83 %).
    expect(rampQuote).toMatchObject({ baseCurrencyAmount: '1200.00', feeAmount: '54.00', extraFeeAmount: '60.00', totalFeeAmount: '114.50' });
    expect(rampQuote.applied.find((each: { type: string }) => each.type === 'partnerFee').amount).toBe('60.00');
    // A sell of 0.01 BTC: 633.60 paid out before fees, the partner's minimum of 1,000 cut to 5 % of it.
    const sell = (await partner.client.ok(QUOTE, { a: partner.accountId, i: buy({ transactionType: 'sell', paymentMethod: 'sepa', amount: '0.01' }) }))
      .rampQuote;
    expect(sell.extraFeeAmount).toBe('31.68');

    // A rule the cap would cut on every amount is refused on its field.
    const refused = await partner.client.gql(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ percentage: '5', fixedValue: '0.5' })] });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.extensions!.fields).toEqual({
      'rules.0.fixedValue':
        'With the percentage at the cap of 5 %, a fixed value could never be charged: the whole partner fee is at most 5 % of each transaction. Lower the percentage or set the fixed value to 0.',
    });
  });

  it('refuses the provider’s rule types to partners and to staff without the permission; allows them to FinanceManager', async () => {
    const partner = await accountWithMember(t);
    for (const type of ['fee', 'networkFee', 'spread']) {
      const result = await partner.client.gql(UPDATE_RULES, { a: partner.accountId, t: type, r: [rule()] });
      expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
      expect(result.errors![0]!.message).toMatch(/set by Rampart and are read-only for partners; you can set your own partner fee/);
    }
    const spread = await accountManager.gql(UPDATE_RULES, { a: partner.accountId, t: 'spread', r: [rule()] });
    expect(errorCode(spread)).toBe('FORBIDDEN_ERROR');
    expect(spread.errors![0]!.message).toBe('Your admin role (AccountManager) does not allow spread editing: spread rules stay as they are.');
    // AccountManager edits fees (fee:edit), FinanceManager also spreads (spread:edit).
    await accountManager.ok(UPDATE_RULES, { a: partner.accountId, t: 'networkFee', r: [rule({ percentage: '0', fixedValue: '0.25' })] });
    const updated = await finance.ok(UPDATE_RULES, { a: partner.accountId, t: 'spread', r: [rule({ percentage: '0.5' })] });
    expect(
      updated.updatePricingRules.rules.find((each: { type: string; source: string }) => each.type === 'spread' && each.source === 'ACCOUNT'),
    ).toMatchObject({ percentage: '0.5', isEditableByViewer: true });
    const developer = await accountWithMember(t, { role: 'developer' });
    expect(errorCode(await developer.client.gql(UPDATE_RULES, { a: developer.accountId, t: 'partnerFee', r: [] }))).toBe('FORBIDDEN_ERROR');
    // Nothing of the refused attempts was written.
    const rows = await t.database.pool.query(`select type from pricing_rules where account_id = $1 order by type`, [partner.accountId]);
    expect(rows.rows.map((row) => row.type)).toEqual(['networkFee', 'spread']);
  });

  it('staff preview a spread on a sample quote before saving it, save it per region and method, audited with before and after', async () => {
    const partner = await accountWithMember(t);
    const STAFF_RULES = `query($a: ID!) { accountPricingRules(accountId: $a) { editableTypes rules { type region paymentMethod percentage source isEditableByViewer } } }`;
    const PREVIEW = `query($a: ID!, $t: PricingRuleType!, $r: [PricingRuleInput!]!, $s: RampQuoteInput!) { previewPricingRules(accountId: $a, type: $t, rules: $r, sample: $s) {
      current { spreadPercentage exchangeRate quoteCurrencyAmount totalFeeAmount } draft { spreadPercentage exchangeRate quoteCurrencyAmount totalFeeAmount } } }`;
    const SAVE = `mutation($a: ID!, $t: PricingRuleType!, $r: [PricingRuleInput!]!, $why: String) { updateAccountPricingRules(accountId: $a, type: $t, rules: $r, reason: $why) {
      rules { type region paymentMethod percentage source } } }`;
    const spread = [rule({ region: 'EEA', paymentMethod: 'sepa', percentage: '2.5' })];
    const sample = buy({ country: 'DE', paymentMethod: 'sepa', fiatCurrencyCode: 'eur' });
    expect((await finance.ok(STAFF_RULES, { a: partner.accountId })).accountPricingRules.editableTypes).toEqual(['fee', 'networkFee', 'partnerFee', 'spread']);

    const { current, draft } = (await finance.ok(PREVIEW, { a: partner.accountId, t: 'spread', r: spread, s: sample })).previewPricingRules;
    expect(draft.spreadPercentage).toBe('2.5');
    expect(current.spreadPercentage).not.toBe('2.5');
    expect(current.totalFeeAmount).toBe(draft.totalFeeAmount);
    expect(new Decimal(draft.quoteCurrencyAmount).lt(current.quoteCurrencyAmount)).toBe(true);
    // A preview saves nothing.
    const own = async () =>
      (await t.database.pool.query(`select type, region, payment_method, percentage::text from pricing_rules where account_id = $1`, [partner.accountId])).rows;
    expect(await own()).toEqual([]);

    const saved = (await finance.ok(SAVE, { a: partner.accountId, t: 'spread', r: spread, why: 'Negotiated EEA rate' })).updateAccountPricingRules;
    expect(saved.rules.filter((each: { source: string }) => each.source === 'ACCOUNT')).toEqual([
      { type: 'spread', region: 'EEA', paymentMethod: 'sepa', percentage: '2.5', source: 'ACCOUNT' },
    ]);
    // The partner's own fee calculator now quotes with it.
    expect((await partner.client.ok(QUOTE, { a: partner.accountId, i: sample })).rampQuote.quoteCurrencyAmount).toBe(draft.quoteCurrencyAmount);
    await finance.ok(SAVE, { a: partner.accountId, t: 'spread', r: [rule({ region: 'EEA', paymentMethod: 'sepa', percentage: '1.25' })] });
    const audit = await t.database.pool.query(
      `select actor_role, changes from audit_events where operation = 'updateAccountPricingRules' and changes->>'accountId' = $1 order by occurred_at, id`,
      [partner.accountId],
    );
    expect(audit.rows.map((row) => row.changes._subject)).toEqual([
      { before: [], after: [{ ...spread[0], percentage: '2.5' }] },
      { before: [{ ...spread[0], percentage: '2.5' }], after: [{ ...spread[0], percentage: '1.25' }] },
    ]);
    expect(audit.rows[0]).toMatchObject({ actor_role: 'FinanceManager', changes: { reason: 'Negotiated EEA rate', type: 'spread' } });

    // Who may not: the partner (not staff), staff editing fees but not spreads, anyone setting the partner's own fee here.
    expect(errorCode(await partner.client.gql(SAVE, { a: partner.accountId, t: 'spread', r: [] }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await partner.client.gql(PREVIEW, { a: partner.accountId, t: 'spread', r: spread, s: sample }))).toBe('FORBIDDEN_ERROR');
    const analyst = (await signedInUser(t, { adminRole: 'FinanceAnalyst' })).client;
    expect(errorCode(await analyst.gql(SAVE, { a: partner.accountId, t: 'fee', r: [] }))).toBe('FORBIDDEN_ERROR');
    const partnerFee = await finance.gql(SAVE, { a: partner.accountId, t: 'partnerFee', r: [] });
    expect(errorCode(partnerFee)).toBe('BAD_USER_INPUT');
    expect(partnerFee.errors![0]!.message).toBe(
      'The partner fee is set by the partner’s administrators on their Fees screen; staff set fee, network fee and spread.',
    );
    expect((await own()).map((row) => row.percentage)).toEqual(['1.25']);
  });

  it('sets hasConfiguredRampFees from the partner fee rules and audits every change', async () => {
    const partner = await accountWithMember(t);
    const fees = async () => (await partner.client.ok(PAIRS, { a: partner.accountId })).account.hasConfiguredRampFees;
    expect(await fees()).toEqual({ buyFees: false, sellFees: false });
    await partner.client.ok(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ percentage: '1' })] });
    expect(await fees()).toEqual({ buyFees: true, sellFees: false });
    await partner.client.ok(UPDATE_RULES, {
      a: partner.accountId,
      t: 'partnerFee',
      r: [rule({ percentage: '0' }), rule({ transactionType: 'sell', percentage: '0.75' })],
    });
    expect(await fees()).toEqual({ buyFees: true, sellFees: true });
    await partner.client.ok(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ transactionType: 'sell', percentage: '0.75' })] });
    expect(await fees()).toEqual({ buyFees: false, sellFees: true });
    await partner.client.ok(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [] });
    expect(await fees()).toEqual({ buyFees: false, sellFees: false });

    const audit = await t.database.pool.query(
      `select outcome, actor_role, changes from audit_events where account_id = $1 and operation = 'updatePricingRules' order by occurred_at, id`,
      [partner.accountId],
    );
    expect(audit.rows).toHaveLength(4);
    expect(audit.rows[0]).toMatchObject({
      outcome: 'success',
      actor_role: 'administrator',
      changes: { type: 'partnerFee', rules: [rule({ percentage: '1' })] },
    });
    const refused = await partner.client.gql(UPDATE_RULES, { a: partner.accountId, t: 'fee', r: [rule()] });
    expect(errorCode(refused)).toBe('FORBIDDEN_ERROR');
    const failure = await t.database.pool.query(
      `select outcome, error_code from audit_events where account_id = $1 and operation = 'updatePricingRules' and outcome = 'failure'`,
      [partner.accountId],
    );
    expect(failure.rows).toEqual([{ outcome: 'failure', error_code: 'FORBIDDEN_ERROR' }]);
  });
});

describe('integrations', () => {
  it('records web domains as lower-case hosts, apps by id, refuses duplicates and bad values, and sets areDomainsConfigured', async () => {
    const partner = await accountWithMember(t);
    const flags = async () => (await partner.client.ok(PAIRS, { a: partner.accountId })).account.onboardingInfo.areDomainsConfigured;
    expect(await flags()).toBe(false);
    const web = (
      await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: ' https://Shop.Example.com:8443/checkout?x=1 ' } })
    ).createIntegration;
    expect(web).toMatchObject({ type: 'web', value: 'shop.example.com' });
    expect(await flags()).toBe(true);
    const review = await t.database.pool.query(`select domain, status from domain_reviews where account_id = $1`, [partner.accountId]);
    expect(review.rows).toEqual([{ domain: 'shop.example.com', status: null }]);

    const duplicate = await partner.client.gql(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: 'SHOP.example.com' } });
    expect(errorCode(duplicate)).toBe('CONFLICT');
    expect(duplicate.errors![0]!.message).toBe('The domain shop.example.com is already recorded for this account.');

    const local = (await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: 'http://localhost:5173' } })).createIntegration;
    expect(local.value).toBe('localhost');
    expect((await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: '127.0.0.1' } })).createIntegration.value).toBe(
      '127.0.0.1',
    );
    const ios = (await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'ios', value: 'com.example.app' } })).createIntegration;
    const android = (await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'android', value: 'com.example.app' } })).createIntegration;
    expect([ios.type, android.type]).toEqual(['ios', 'android']);

    const refused = async (type: string, value: string) => {
      const result = await partner.client.gql(CREATE_INTEGRATION, { a: partner.accountId, i: { type, value } });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      return (result.errors![0]!.extensions!.fields as Record<string, string>).value;
    };
    expect(await refused('web', '10.0.0.1')).toMatch(/rather than an IP address/);
    expect(await refused('web', 'ftp://example.com')).toMatch(/starting with https:\/\//);
    expect(await refused('web', 'not a domain')).toMatch(/not a (valid domain|domain or URL)/);
    expect(await refused('web', 'intranet')).toMatch(/not a valid domain/);
    expect(await refused('ios', 'myapp')).toMatch(/bundle ID, such as com\.example\.app/);
    expect(await refused('android', 'com.1example.app')).toMatch(/package name, such as com\.example\.app/);

    const list = (await partner.client.ok(INTEGRATIONS, { a: partner.accountId })).integrations;
    expect(list.map((each: { type: string; value: string }) => `${each.type}:${each.value}`)).toEqual([
      'web:shop.example.com',
      'web:localhost',
      'web:127.0.0.1',
      'ios:com.example.app',
      'android:com.example.app',
    ]);

    // The flag follows the web integrations: still set until the last domain goes.
    expect(await partner.client.ok(DELETE_INTEGRATION, { id: web.id })).toEqual({ deleteIntegration: true });
    expect(await flags()).toBe(true);
    for (const each of list.filter((row: { type: string; id: string }) => row.type === 'web' && row.id !== web.id))
      await partner.client.ok(DELETE_INTEGRATION, { id: each.id });
    expect(await flags()).toBe(false);
    expect(errorCode(await partner.client.gql(DELETE_INTEGRATION, { id: web.id }))).toBe('NOT_FOUND');
  });
});

describe('tenant isolation', () => {
  it('another organization’s administrator cannot read or change rules, integrations, currencies or quotes of the account', async () => {
    const partner = await accountWithMember(t);
    const stranger = await accountWithMember(t, { name: 'Other' });
    const integration = (await partner.client.ok(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: 'mine.example.com' } }))
      .createIntegration;
    const attempts = [
      stranger.client.gql(RULES, { a: partner.accountId, r: null }),
      stranger.client.gql(UPDATE_RULES, { a: partner.accountId, t: 'partnerFee', r: [rule({ percentage: '5' })] }),
      stranger.client.gql(QUOTE, { a: partner.accountId, i: buy() }),
      stranger.client.gql(INTEGRATIONS, { a: partner.accountId }),
      stranger.client.gql(CREATE_INTEGRATION, { a: partner.accountId, i: { type: 'web', value: 'evil.example.com' } }),
      stranger.client.gql(DELETE_INTEGRATION, { id: integration.id }),
      stranger.client.gql(UPDATE_PAIRS, { a: partner.accountId, p: [] }),
      stranger.client.gql(PAIRS, { a: partner.accountId }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
      expect(result.errors![0]!.message).toBe('You do not have access to this account.');
    }
    expect((await partner.client.ok(INTEGRATIONS, { a: partner.accountId })).integrations).toHaveLength(1);
    const rules = await t.database.pool.query(`select 1 from pricing_rules where account_id = $1`, [partner.accountId]);
    expect(rules.rowCount).toBe(0);
    // The stranger's own rules never leak into the partner's quotes.
    await stranger.client.ok(UPDATE_RULES, { a: stranger.accountId, t: 'partnerFee', r: [rule({ percentage: '5' })] });
    expect((await partner.client.ok(QUOTE, { a: partner.accountId, i: buy() })).rampQuote.extraFeeAmount).toBe('0.00');
  });
});

describe('services.ramp for the widget', () => {
  it('offers the enabled test-mode assets per flow, quotes swaps, and sets onboarding flags', async () => {
    const partner = await accountWithMember(t);
    await partner.client.ok(UPDATE_PAIRS, { a: partner.accountId, p: [{ currencyId: await idOf('eth'), isEnabled: true, isSellEnabled: false }] });
    const ramp = t.app.services.ramp;
    const buyCodes = (await ramp.offeredCurrencies(partner.accountId, 'buy')).map((each) => each.code);
    const sellCodes = (await ramp.offeredCurrencies(partner.accountId, 'sell')).map((each) => each.code);
    expect(buyCodes).toContain('eth');
    expect(buyCodes).not.toContain('dot');
    expect(sellCodes).not.toContain('eth');
    expect(sellCodes).toContain('btc');
    const usdc = (await ramp.offeredCurrencies(partner.accountId, 'buy')).find((each) => each.code === 'usdc_sol')!;
    expect(usdc).toMatchObject({ ticker: 'usdc', networkCode: 'solana', networkName: 'Solana', decimals: 6, icon: '/icons/crypto/usdc.svg' });

    // 0.1 ETH at 3200 × 0.99 = 316.80 usd; balance sell fee 0.5 % = 1.58; 315.22 usd buys 0.00492531 BTC.
    const swap = await ramp.quoteSwap(partner.accountId, { country: 'DE', cryptoCurrencyCode: 'eth', quoteCryptoCurrencyCode: 'btc', amount: '0.1' });
    expect(swap).toEqual({
      baseCurrencyAmount: '0.1',
      quoteCurrencyAmount: '0.00492531',
      feeAmount: '1.58',
      extraFeeAmount: '0.00',
      networkFeeAmount: '0.00',
      totalFeeAmount: '1.58',
      fiatCurrencyCode: 'usd',
      exchangeRate: '0.0495',
      region: 'EEA',
      route: null,
    });
    await expect(
      ramp.quoteSwap(partner.accountId, { country: 'DE', cryptoCurrencyCode: 'eth', quoteCryptoCurrencyCode: 'eth', amount: '1' }),
    ).rejects.toMatchObject({
      extensions: { fields: { quoteCryptoCurrencyCode: 'Choose a different asset to receive.' } },
    });

    await ramp.setOnboardingFlag(partner.accountId, 'isWidgetUrlBuilt', true);
    const flags = await t.database.pool.query(`select onboarding_info from accounts where id = $1`, [partner.accountId]);
    expect(flags.rows[0].onboarding_info).toMatchObject({ isWidgetUrlBuilt: true, areCurrenciesConfigured: true });
  });
});
