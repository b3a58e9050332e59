import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';

const t = useTestApp();
let payments: ApiClient;
beforeAll(async () => {
  payments = (await signedInUser(t, { adminRole: 'PaymentsOperations' })).client;
});

const SETTING = 'paymentMethod region isEnabled minAmount maxAmount isConfigured';
const DISABLE = `mutation($a: ID!, $m: PaymentMethod!, $r: PricingRegion!, $why: String) { disablePaymentMethod(accountId: $a, paymentMethod: $m, region: $r, reason: $why) { ${SETTING} } }`;
const ENABLE = `mutation($a: ID!, $m: PaymentMethod!, $r: PricingRegion!) { enablePaymentMethod(accountId: $a, paymentMethod: $m, region: $r) { ${SETTING} } }`;
const CONFIGURE = `mutation($a: ID!, $m: PaymentMethod!, $r: PricingRegion!, $min: Decimal, $max: Decimal) { configurePaymentMethod(accountId: $a, paymentMethod: $m, region: $r, minAmount: $min, maxAmount: $max) { ${SETTING} } }`;
const MATRIX = `query($a: ID!) { accountPaymentMethods(accountId: $a) { accountName settings { ${SETTING} } } }`;
const ROUTING = `mutation($a: ID!, $r: [RoutingRuleInput!]!) { updateRoutingRules(accountId: $a, rules: $r) { rules { priority paymentMethod region route } } }`;
const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { type secret } }';
const TEST_TRANSACTION = `mutation($a: ID!, $i: TestTransactionInput!) { createTestTransaction(accountId: $a, input: $i) { ... on BuyTransaction { id paymentMethod route } } }`;
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A partner account with its publishable key, and a widget session of a flow opened through its public page. */
async function partner() {
  const member = await accountWithMember(t, { name: 'Method Shop' });
  const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Array<{ type: string; secret: string }>;
  return { ...member, pk: keys.find((k) => k.type === 'publishable')!.secret };
}
async function widget(pk: string, flow: 'buy' | 'sell') {
  const html = await (await fetch(`${t.baseUrl}/widget/${flow}?apiKey=${pk}`)).text();
  const bootstrap = JSON.parse(/window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(html)![1]!);
  return { token: bootstrap.sessionToken as string, bootstrap };
}
async function api(token: string, path: string, body: unknown) {
  const response = await fetch(`${t.baseUrl}/widget-api${path}`, {
    method: 'POST',
    headers: { authorization: `Widget ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // expect() checks the answer
}
const SELL = { cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'eur', amount: '0.5', paymentMethod: 'sepa', country: 'DE' };
const BUY = { cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'US' };

describe('payment methods per account and region', () => {
  it('a method staff disable in a region leaves the widget there, and its quotes and transactions are refused; enabling restores it', async () => {
    const p = await partner();
    const before = await widget(p.pk, 'sell');
    expect(before.bootstrap.paymentMethods).toEqual(['sepa', 'ach']);
    expect((await api(before.token, '/quote', SELL)).status).toBe(200);

    const disabled = await payments.ok(DISABLE, { a: p.accountId, m: 'sepa', r: 'EEA', why: 'Processor outage' });
    expect(disabled.disablePaymentMethod).toEqual({
      paymentMethod: 'sepa',
      region: 'EEA',
      isEnabled: false,
      minAmount: null,
      maxAmount: null,
      isConfigured: true,
    });
    const after = await widget(p.pk, 'sell');
    // Still offered elsewhere, but not to customers in the EEA.
    expect(after.bootstrap.paymentMethods).toEqual(['sepa', 'ach']);
    expect(after.bootstrap.paymentMethodsByRegion).toMatchObject({ Global: ['sepa', 'ach'], EEA: ['ach'] });
    const refused = await api(after.token, '/quote', SELL);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual({ paymentMethod: 'SEPA bank transfer is not offered in the EEA region: choose another payment method.' });
    const transaction = await api(after.token, '/transactions', { ...SELL, email: 'ana@example.com', refundWalletAddress: WALLET });
    expect(transaction.status).toBe(400);
    expect(transaction.body.error.details.paymentMethod).toMatch(/not offered in the EEA region/);
    expect((await t.database.pool.query('select count(*)::int as n from transactions where account_id = $1', [p.accountId])).rows[0].n).toBe(0);
    expect((await api(after.token, '/quote', { ...SELL, country: 'US', fiatCurrencyCode: 'usd' })).status).toBe(200);

    // Off everywhere: the widget no longer lists it at all.
    await payments.ok(DISABLE, { a: p.accountId, m: 'sepa', r: 'Global' });
    expect((await widget(p.pk, 'sell')).bootstrap.paymentMethods).toEqual(['ach']);
    const matrix = (await payments.ok(MATRIX, { a: p.accountId })).accountPaymentMethods;
    expect(matrix.accountName).toBe('Method Shop');
    expect(matrix.settings).toHaveLength(19 * 9);
    const sepaIn = (region: string) =>
      matrix.settings.find((s: { paymentMethod: string; region: string }) => s.paymentMethod === 'sepa' && s.region === region);
    expect(sepaIn('UK')).toMatchObject({ isEnabled: false, isConfigured: false });

    // A region's own choice beats Global.
    await payments.ok(ENABLE, { a: p.accountId, m: 'sepa', r: 'EEA' });
    const again = await widget(p.pk, 'sell');
    expect(again.bootstrap.paymentMethodsByRegion).toMatchObject({ Global: ['ach'], EEA: ['sepa', 'ach'] });
    expect((await api(again.token, '/quote', SELL)).status).toBe(200);

    // Bounds: a quote outside them is refused on its amount.
    await payments.ok(CONFIGURE, { a: p.accountId, m: 'creditCard', r: 'Global', min: '50', max: '5000' });
    const buy = await widget(p.pk, 'buy');
    expect((await api(buy.token, '/quote', { ...BUY, amount: '20' })).body.error.details).toEqual({
      amount: 'Credit card takes at least 50 USD per transaction.',
    });
    expect((await api(buy.token, '/quote', BUY)).status).toBe(200);
    const inverted = await payments.gql(CONFIGURE, { a: p.accountId, m: 'creditCard', r: 'Global', min: '100', max: '10' });
    expect(inverted.errors![0]!.extensions!.fields).toEqual({ maxAmount: 'The most (10) is below the least (100).' });

    // Audited with before and after; a lesser role and the partner are refused and change nothing.
    const audit = await t.database.pool.query(
      `select changes from audit_events where operation = 'disablePaymentMethod' and changes->>'accountId' = $1 order by occurred_at, id limit 1`,
      [p.accountId],
    );
    expect(audit.rows[0].changes).toMatchObject({
      reason: 'Processor outage',
      _subject: { before: { isEnabled: true, minAmount: null, maxAmount: null }, after: { isEnabled: false, minAmount: null, maxAmount: null } },
    });
    const readOnly = (await signedInUser(t, { adminRole: 'ReadOnly' })).client;
    expect(errorCode(await readOnly.gql(DISABLE, { a: p.accountId, m: 'ach', r: 'Global' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await p.client.gql(DISABLE, { a: p.accountId, m: 'ach', r: 'Global' }))).toBe('FORBIDDEN_ERROR');
    expect((await widget(p.pk, 'sell')).bootstrap.paymentMethods).toEqual(['sepa', 'ach']);
  });

  it('routing rules choose the route by priority, and the quote, the widget transaction and a test transaction carry it', async () => {
    const p = await partner();
    const rules = [
      { paymentMethod: 'creditCard', region: 'US', route: 'card-acquirer-us' },
      { paymentMethod: null, region: 'Global', route: 'card-acquirer-global' },
      { paymentMethod: 'creditCard', region: 'EEA', route: 'never-reached' },
    ];
    const saved = (await payments.ok(ROUTING, { a: p.accountId, r: rules })).updateRoutingRules.rules;
    expect(saved.map((rule: { priority: number; route: string }) => [rule.priority, rule.route])).toEqual([
      [1, 'card-acquirer-us'],
      [2, 'card-acquirer-global'],
      [3, 'never-reached'],
    ]);
    const s = await widget(p.pk, 'buy');
    expect((await api(s.token, '/quote', BUY)).body.quote.route).toBe('card-acquirer-us');
    // The Global rule comes first for a German customer.
    expect((await api(s.token, '/quote', { ...BUY, country: 'DE', fiatCurrencyCode: 'eur' })).body.quote.route).toBe('card-acquirer-global');
    const created = await api(s.token, '/transactions', { ...BUY, email: 'ana@example.com', walletAddress: WALLET });
    expect(created.status).toBe(201);
    expect(created.body.transaction).toMatchObject({ paymentMethod: 'creditCard', route: 'card-acquirer-us' });
    const test = (await p.client.ok(TEST_TRANSACTION, { a: p.accountId, i: { kind: 'buy', cryptoCurrencyCode: 'eth', country: 'US' } })).createTestTransaction;
    expect(test).toMatchObject({ paymentMethod: 'creditCard', route: 'card-acquirer-us' });

    // No rule left: the provider's default route (null).
    await payments.ok(ROUTING, { a: p.accountId, r: [] });
    expect((await api(s.token, '/quote', BUY)).body.quote.route).toBeNull();
    const audit = await t.database.pool.query(
      `select changes->'_subject' as subject from audit_events where operation = 'updateRoutingRules' and changes->>'accountId' = $1 order by occurred_at desc, id desc limit 1`,
      [p.accountId],
    );
    expect(audit.rows[0].subject.before).toHaveLength(3);
    expect(audit.rows[0].subject.after).toEqual([]);

    const bad = await payments.gql(ROUTING, {
      a: p.accountId,
      r: [
        { paymentMethod: null, region: 'US', route: 'Card Acquirer' },
        { paymentMethod: null, region: 'US', route: 'other' },
      ],
    });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors![0]!.extensions!.fields).toEqual({
      'rules.0.route': 'A route name is 2 to 40 lower-case letters, digits and hyphens, starting with a letter (e.g. card-acquirer-eu).',
      'rules.1': 'Rule 1 already routes every method in US; this one would never be used.',
    });
    const unknown = await payments.gql(ROUTING, { a: '00000000-0000-4000-8000-000000000000', r: [] });
    expect(errorCode(unknown)).toBe('NOT_FOUND');
    const financeAnalyst = (await signedInUser(t, { adminRole: 'FinanceAnalyst' })).client;
    expect(errorCode(await financeAnalyst.gql(ROUTING, { a: p.accountId, r: rules }))).toBe('FORBIDDEN_ERROR');
  });
});
