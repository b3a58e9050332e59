import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';

const t = useTestApp();
let fraudAnalyst: { client: ApiClient; email: string };
let riskManager: ApiClient;
let treasury: ApiClient;
let auditor: ApiClient;
beforeAll(async () => {
  fraudAnalyst = await signedInUser(t, { adminRole: 'FraudAnalyst' });
  riskManager = (await signedInUser(t, { adminRole: 'RiskManager' })).client;
  treasury = (await signedInUser(t, { adminRole: 'Treasury' })).client;
  auditor = (await signedInUser(t, { adminRole: 'Auditor' })).client;
});

const FIELDS = 'id address isBlocked blockReason blockedAt isTrusted trustReason trustedAt updatedBy';
const mark = (operation: string) => `mutation($w: String!, $r: String!) { ${operation}(address: $w, reason: $r) { ${FIELDS} } }`;
const LIST = `query($s: String) { walletAddresses(search: $s) { totalCount items { ${FIELDS} } } }`;
const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { type secret } }';
const AUDIT = `query($e: String) { auditEvents(actorEmail: $e) { items { operation summary viaStaff outcome } } }`;

/** A fresh EVM address in its checksum-like mixed case (the check is case-insensitive for EVM). */
const mixedCaseAddress = () => `0x${Array.from(crypto.randomBytes(20).toString('hex'), (c, i) => (i % 2 ? c.toUpperCase() : c)).join('')}`;

async function partner() {
  const member = await accountWithMember(t, { name: 'Wallet Shop' });
  const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Array<{ type: string; secret: string }>;
  return { ...member, pk: keys.find((k) => k.type === 'publishable')!.secret, sk: keys.find((k) => k.type === 'secret')!.secret };
}

async function widgetSession(pk: string, flow: 'buy' | 'sell' | 'swap') {
  const html = await (await fetch(`${t.baseUrl}/widget/${flow}?apiKey=${pk}`)).text();
  return JSON.parse(/window\.__RAMPART_WIDGET__ = (.*?)<\/script>/s.exec(html)![1]!).sessionToken as string;
}

async function post(path: string, authorization: string, body: unknown) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any }; // the tests read the answer freely and expect() checks it
}

const widgetBuy = (token: string, walletAddress: string) =>
  post('/widget-api/transactions', `Widget ${token}`, {
    cryptoCurrencyCode: 'eth',
    fiatCurrencyCode: 'usd',
    amount: '100',
    paymentMethod: 'creditCard',
    country: 'DE',
    email: 'customer@example.com',
    walletAddress,
  });

describe('staff block and unblock a wallet address', () => {
  it('a fraud analyst blocks it with a reason; the widget and /v1 refuse it, naming it, and write nothing; risk unblocks it', async () => {
    const p = await partner();
    const address = mixedCaseAddress();
    const blocked = await fraudAnalyst.client.ok(mark('blockWalletAddress'), { w: address, r: 'Linked to a phishing report' });
    expect(blocked.blockWalletAddress).toMatchObject({
      address: address.toLowerCase(),
      isBlocked: true,
      blockReason: 'Linked to a phishing report',
      isTrusted: false,
      updatedBy: fraudAnalyst.email,
    });
    // Blocking it again is refused, in any letter case: the audit trail never records a change that did not happen.
    expect(errorCode(await fraudAnalyst.client.gql(mark('blockWalletAddress'), { w: address.toUpperCase().replace('0X', '0x'), r: 'again' }))).toBe('CONFLICT');

    const token = await widgetSession(p.pk, 'buy');
    const widget = await widgetBuy(token, address);
    expect(widget.status).toBe(400);
    expect(widget.body.error).toMatchObject({
      type: 'wallet_blocked',
      details: { walletAddress: `The wallet address ${address} is blocked. Use another address.` },
    });
    expect(widget.body.error.message).toContain(`${address} is blocked`);

    // A sell's refunds go to the address given.
    const rest = await post('/v1/test/transactions', `Api-Key ${p.sk}`, { kind: 'sell', cryptoCurrencyCode: 'eth', walletAddress: address.toLowerCase() });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({
      param: 'walletAddress',
      details: { walletAddress: `The wallet address ${address.toLowerCase()} is blocked. Use another address.` },
    });
    const stored = await t.database.pool.query(
      `select (select count(*)::int from transactions where account_id = $1) as transactions, (select count(*)::int from customers where account_id = $1) as customers`,
      [p.accountId],
    );
    expect(stored.rows[0]).toEqual({ transactions: 0, customers: 0 });

    // A fraud analyst may block but not unblock (the permission table); risk management may.
    expect(errorCode(await fraudAnalyst.client.gql(mark('unblockWalletAddress'), { w: address, r: 'Cleared' }))).toBe('FORBIDDEN_ERROR');
    const unblocked = await riskManager.ok(mark('unblockWalletAddress'), { w: address, r: 'Report withdrawn' });
    expect(unblocked.unblockWalletAddress).toMatchObject({ isBlocked: false, blockReason: 'Report withdrawn', blockedAt: null });
    const accepted = await widgetBuy(token, address);
    expect(accepted.status).toBe(201);
    expect(accepted.body.transaction).toMatchObject({ walletAddress: address, status: 'waitingPayment' });

    const trail = (await auditor.ok(AUDIT, { e: fraudAnalyst.email })).auditEvents.items as Array<{ operation: string; summary: string; outcome: string }>;
    expect(trail.filter((event) => event.operation === 'blockWalletAddress' && event.outcome === 'success').map((event) => event.summary)).toEqual([
      `Blocked the wallet address ${address} (reason: Linked to a phishing report)`,
    ]);
  });

  it('lists and searches marked addresses for staff who may view them; refuses a reason-less change and other callers', async () => {
    const address = mixedCaseAddress();
    await fraudAnalyst.client.ok(mark('blockWalletAddress'), { w: address, r: 'Sanctions list match' });
    const found = (await auditor.ok(LIST, { s: address.slice(2, 14) })).walletAddresses;
    expect(found).toMatchObject({ totalCount: 1, items: [{ address: address.toLowerCase(), isBlocked: true, blockReason: 'Sanctions list match' }] });

    const blank = await fraudAnalyst.client.gql(mark('blockWalletAddress'), { w: mixedCaseAddress(), r: '   ' });
    expect(errorCode(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors![0]!.extensions!.fields).toEqual({ reason: 'Give the reason: it is kept in the audit trail' });
    expect(errorCode(await fraudAnalyst.client.gql(mark('blockWalletAddress'), { w: 'not an address', r: 'x' }))).toBe('BAD_USER_INPUT');

    const support = (await signedInUser(t, { adminRole: 'SupportAgentTier1' })).client;
    expect(errorCode(await support.gql(LIST, {}))).toBe('FORBIDDEN_ERROR');
    const readOnly = (await signedInUser(t, { adminRole: 'ReadOnly' })).client;
    expect(errorCode(await readOnly.gql(mark('blockWalletAddress'), { w: mixedCaseAddress(), r: 'x' }))).toBe('FORBIDDEN_ERROR');
    const member = await accountWithMember(t);
    expect(errorCode(await member.client.gql(mark('blockWalletAddress'), { w: mixedCaseAddress(), r: 'x' }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('trusted wallet addresses', () => {
  it('a test-mode swap to a trusted address skips its screening; untrusted, it is screened again', async () => {
    const p = await partner();
    const address = mixedCaseAddress();
    const swapTo = () =>
      post('/v1/test/transactions', `Api-Key ${p.sk}`, { kind: 'swap', cryptoCurrencyCode: 'btc', quoteCryptoCurrencyCode: 'eth', walletAddress: address });
    const first = await swapTo();
    expect(first.body).toMatchObject({ status: 'screeningWalletAddress' });

    const trusted = await treasury.ok(mark('trustWalletAddress'), { w: address, r: 'The provider’s treasury wallet' });
    expect(trusted.trustWalletAddress).toMatchObject({ isTrusted: true, trustReason: 'The provider’s treasury wallet', isBlocked: false });
    expect((await swapTo()).body.status).toBe('waitingForDepositAddressGeneration');

    expect(errorCode(await fraudAnalyst.client.gql(mark('untrustWalletAddress'), { w: address, r: 'x' }))).toBe('FORBIDDEN_ERROR');
    await treasury.ok(mark('untrustWalletAddress'), { w: address, r: 'Wallet retired' });
    expect(errorCode(await treasury.gql(mark('untrustWalletAddress'), { w: address, r: 'again' }))).toBe('CONFLICT');
    expect((await swapTo()).body.status).toBe('screeningWalletAddress');
  });
});
