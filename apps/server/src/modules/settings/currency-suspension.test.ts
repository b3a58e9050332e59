import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { startIsolatedTestApp } from '../../../test/isolated-database.ts';

// Suspending an asset changes the catalogue every account shares: this file has a database of its own.
let t: TestApp;
let payments: { client: ApiClient; email: string };
let auditor: ApiClient;
beforeAll(async () => {
  t = await startIsolatedTestApp('currency_suspension');
  payments = await signedInUser(t, { adminRole: 'PaymentsOperations' });
  auditor = (await signedInUser(t, { adminRole: 'Auditor' })).client;
});
afterAll(async () => {
  await t?.close();
});

const FIELDS = 'id name code isSuspended isSuspendedUS reason changedAt changedBy';
const LIST = `{ currencySuspensions { ${FIELDS} } }`;
const change = (operation: string) =>
  `mutation($c: ID!, $s: CurrencySuspensionScope!, $r: String!) { ${operation}(currencyId: $c, scope: $s, reason: $r) { ${FIELDS} } }`;
const PAIRS = `query($a: ID!) { account(id: $a) { currencyAccountPairs { isEnabled currency { id code isSuspended isSuspendedUS } } } }`;
const UPDATE_PAIRS = `mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { isEnabled currency { code } } }`;
const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { type secret } }';
const AUDIT = `query($e: String) { auditEvents(actorEmail: $e) { items { operation summary outcome } } }`;

async function partner() {
  const member = await accountWithMember(t, { name: 'Currency Shop' });
  const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Array<{ type: string; secret: string }>;
  return { ...member, pk: keys.find((k) => k.type === 'publishable')!.secret, sk: keys.find((k) => k.type === 'secret')!.secret };
}

async function widget(pk: string) {
  const html = await (await fetch(`${t.baseUrl}/widget/buy?apiKey=${pk}`)).text();
  return JSON.parse(/window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(html)![1]!) as {
    sessionToken: string;
    currencies: Array<{ code: string; isSuspendedUS: boolean }>;
  };
}

async function quote(token: string, cryptoCurrencyCode: string, country: string) {
  const response = await fetch(`${t.baseUrl}/widget-api/quote`, {
    method: 'POST',
    headers: { authorization: `Widget ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cryptoCurrencyCode, fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country }),
  });
  return { status: response.status, body: (await response.json()) as any }; // the tests read the answer freely and expect() checks it
}

const idOf = async (code: string) =>
  ((await payments.client.ok(LIST)).currencySuspensions as Array<{ id: string; code: string }>).find((row) => row.code === code)!.id;

describe('staff suspend a currency', () => {
  it('payments operations suspend one for everyone: the widget stops offering it, quotes and transactions are refused, partners cannot enable it', async () => {
    const p = await partner();
    const sol = await idOf('sol');
    const before = await widget(p.pk);
    expect(before.currencies.map((c) => c.code)).toContain('sol');
    expect((await quote(before.sessionToken, 'sol', 'DE')).status).toBe(200);

    const suspended = await payments.client.ok(change('suspendCurrency'), { c: sol, s: 'ALL', r: 'Network halted by its validators' });
    expect(suspended.suspendCurrency).toMatchObject({
      code: 'sol',
      isSuspended: true,
      isSuspendedUS: false,
      reason: 'Network halted by its validators',
      changedBy: payments.email,
    });
    expect(errorCode(await payments.client.gql(change('suspendCurrency'), { c: sol, s: 'ALL', r: 'again' }))).toBe('CONFLICT');

    // The widget: no longer offered to a new session; an open session's quote and checkout are refused by name.
    expect((await widget(p.pk)).currencies.map((c) => c.code)).not.toContain('sol');
    const refused = await quote(before.sessionToken, 'sol', 'DE');
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Solana (SOL) is suspended.');
    const rest = await fetch(`${t.baseUrl}/v1/test/transactions`, {
      method: 'POST',
      headers: { authorization: `Api-Key ${p.sk}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'buy', cryptoCurrencyCode: 'sol' }),
    });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as any).error.details).toEqual({ cryptoCurrencyCode: 'SOL is not offered for buying by this account.' }); // read freely

    // The partner's currency settings show it suspended and refuse to enable it.
    const pairs = (await p.client.ok(PAIRS, { a: p.accountId })).account.currencyAccountPairs as Array<{ isEnabled: boolean; currency: { code: string } }>;
    expect(pairs.find((pair) => pair.currency.code === 'sol')).toMatchObject({ isEnabled: false, currency: { isSuspended: true } });
    const enable = await p.client.gql(UPDATE_PAIRS, { a: p.accountId, p: [{ currencyId: sol, isEnabled: true, isSellEnabled: false }] });
    expect(errorCode(enable)).toBe('BAD_USER_INPUT');

    // The catalogue seed at the next start keeps the staff's decision.
    await t.app.services.settings.seedCurrencies();
    expect(((await payments.client.ok(LIST)).currencySuspensions as Array<{ code: string; isSuspended: boolean }>).find((c) => c.code === 'sol')).toMatchObject(
      {
        isSuspended: true,
      },
    );

    await payments.client.ok(change('resumeCurrency'), { c: sol, s: 'ALL', r: 'Network running again' });
    expect((await quote((await widget(p.pk)).sessionToken, 'sol', 'DE')).status).toBe(200);

    const trail = (await auditor.ok(AUDIT, { e: payments.email })).auditEvents.items as Array<{ operation: string; summary: string; outcome: string }>;
    expect(trail.filter((event) => event.outcome === 'success' && event.operation !== 'currencySuspensions').map((event) => event.summary)).toEqual([
      'Resumed Solana (reason: Network running again)',
      'Suspended Solana (reason: Network halted by its validators)',
    ]);
  });

  it('suspended for US customers: still offered, marked so, refused to a US customer only', async () => {
    const p = await partner();
    const btc = await idOf('btc');
    await payments.client.ok(change('suspendCurrency'), { c: btc, s: 'US', r: 'Pending US licence' });
    const session = await widget(p.pk);
    expect(session.currencies.find((c) => c.code === 'btc')).toMatchObject({ isSuspendedUS: true });
    const us = await quote(session.sessionToken, 'btc', 'US');
    expect(us.status).toBe(400);
    expect(us.body.error.message).toBe('Bitcoin (BTC) is not available to customers in the United States.');
    expect((await quote(session.sessionToken, 'btc', 'DE')).status).toBe(200);
    await payments.client.ok(change('resumeCurrency'), { c: btc, s: 'US', r: 'Licence granted' });
    expect((await quote(session.sessionToken, 'btc', 'US')).status).toBe(200);
  });

  it('is refused without a reason, to staff who may only view currencies, and to partners', async () => {
    const eth = await idOf('eth');
    const blank = await payments.client.gql(change('suspendCurrency'), { c: eth, s: 'ALL', r: ' ' });
    expect(blank.errors![0]!.extensions!.fields).toEqual({ reason: 'Give the reason: it is kept in the audit trail' });
    expect(errorCode(await payments.client.gql(change('resumeCurrency'), { c: eth, s: 'US', r: 'x' }))).toBe('CONFLICT');

    const productManager = (await signedInUser(t, { adminRole: 'ProductManager' })).client;
    expect((await productManager.ok(LIST)).currencySuspensions.length).toBeGreaterThan(10);
    expect(errorCode(await productManager.gql(change('suspendCurrency'), { c: eth, s: 'ALL', r: 'x' }))).toBe('FORBIDDEN_ERROR');
    const support = (await signedInUser(t, { adminRole: 'SupportAgentTier1' })).client;
    expect(errorCode(await support.gql(LIST))).toBe('FORBIDDEN_ERROR');
    const member = await accountWithMember(t);
    expect(errorCode(await member.client.gql(change('suspendCurrency'), { c: eth, s: 'ALL', r: 'x' }))).toBe('FORBIDDEN_ERROR');
  });
});
