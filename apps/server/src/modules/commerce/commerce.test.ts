import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type GraphQLResult, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';
import { COMMERCE_MESSAGES } from './commerce.service.ts';

const PUBLIC_URL = 'http://rampart.test:3000';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
});

const ONBOARDING = `query($a: ID!) { getPartnerHelioOnboarding(accountId: $a) { merchantAccount { accountId provider merchantId status businessName contactEmail createdAt onboardingCompletedAt } redirectUrl redirectUrlExpiresAt } }`;
const REFRESH = `query($a: ID!) { getRefreshedHelioRedirectUrl(accountId: $a) { merchantAccount { status } redirectUrl redirectUrlExpiresAt } }`;
const CREATE = `mutation($a: ID!, $i: HelioMerchantAccountInput!) { createHelioMerchantAccount(accountId: $a, input: $i) { merchantAccount { provider status businessName contactEmail } redirectUrl redirectUrlExpiresAt } }`;
const SANDBOX = `query($t: String!) { sandboxHelioOnboarding(token: $t) { accountName businessName contactEmail expiresAt } }`;
const COMPLETE = `mutation($t: String!, $o: SandboxHelioOutcome!) { completeSandboxHelioOnboarding(token: $t, outcome: $o) }`;
const WALLETS = `query($a: ID!) { getHelioWallets(accountId: $a) { id currency { code name supportsAddressTag } walletAddress walletAddressTag createdAt updatedAt } }`;
const ADD = `mutation($a: ID!, $i: HelioWalletInput!) { addHelioWallet(accountId: $a, input: $i) { id currency { code } walletAddress walletAddressTag } }`;
const UPDATE = `mutation($id: ID!, $i: HelioWalletUpdateInput!) { updateHelioWallet(id: $id, input: $i) { id currency { code } walletAddress walletAddressTag } }`;
const DELETE = `mutation($id: ID!) { deleteHelioWallet(id: $id) }`;
const STATUS = `query($a: ID!) { productStatus(id: $a) { helio { isEnabled isReady goLiveStatus } } }`;

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const XRP = 'rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv';
const MERCHANT = { businessName: 'Acme Payments', contactEmail: 'finance@acme.test' };

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const fields = (result: GraphQLResult<unknown>) => (result.errors?.[0]?.extensions as { fields?: Record<string, string> } | undefined)?.fields;
const message = (result: GraphQLResult<unknown>) => result.errors?.[0]?.message;

async function merchant(client: ApiClient, accountId: string) {
  return (await client.ok(CREATE, { a: accountId, i: MERCHANT })).createHelioMerchantAccount as {
    redirectUrl: string;
    redirectUrlExpiresAt: string;
    merchantAccount: { status: string };
  };
}
async function approved(client: ApiClient, accountId: string) {
  const created = await merchant(client, accountId);
  await t.client().ok(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'approve' });
}

describe('permissions', () => {
  it('administrators manage; developers, analysts and support specialists are refused reads and changes', async () => {
    const admin = await accountWithMember(t);
    const wallet = (await admin.client.ok(ADD, { a: admin.accountId, i: { currencyCode: 'btc', walletAddress: BTC } })).addHelioWallet;
    await merchant(admin.client, admin.accountId);
    for (const role of ['developer', 'analyst', 'support_specialist'] as const) {
      const user = await signedInMember(t, admin.accountId, role);
      expect(errorCode(await user.client.gql(ONBOARDING, { a: admin.accountId })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await user.client.gql(WALLETS, { a: admin.accountId })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await user.client.gql(REFRESH, { a: admin.accountId })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await user.client.gql(ADD, { a: admin.accountId, i: { currencyCode: 'eth', walletAddress: ETH } })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await user.client.gql(UPDATE, { id: wallet.id, i: { walletAddress: ETH } })), role).toBe('FORBIDDEN_ERROR');
      expect(errorCode(await user.client.gql(DELETE, { id: wallet.id })), role).toBe('FORBIDDEN_ERROR');
    }
    expect((await admin.client.ok(WALLETS, { a: admin.accountId })).getHelioWallets).toHaveLength(1);
  });

  it('staff with account:view read, staff with account:edit manage', async () => {
    const owner = await accountWithMember(t);
    await merchant(owner.client, owner.accountId);
    const reader = await signedInUser(t, { adminRole: 'ReadOnly' });
    expect((await reader.client.ok(ONBOARDING, { a: owner.accountId })).getPartnerHelioOnboarding.merchantAccount.businessName).toBe('Acme Payments');
    expect((await reader.client.ok(WALLETS, { a: owner.accountId })).getHelioWallets).toEqual([]);
    expect(errorCode(await reader.client.gql(ADD, { a: owner.accountId, i: { currencyCode: 'btc', walletAddress: BTC } }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await reader.client.gql(REFRESH, { a: owner.accountId }))).toBe('FORBIDDEN_ERROR');

    const manager = await signedInUser(t, { adminRole: 'AccountManager' });
    const added = (await manager.client.ok(ADD, { a: owner.accountId, i: { currencyCode: 'btc', walletAddress: BTC } })).addHelioWallet;
    await manager.client.ok(UPDATE, { id: added.id, i: { walletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' } });
    expect((await manager.client.ok(REFRESH, { a: owner.accountId })).getRefreshedHelioRedirectUrl.redirectUrl).toMatch(
      `${PUBLIC_URL}/sandbox/helio/onboarding/`,
    );
    const audit = await t.database.pool.query(`select via_staff from audit_events where account_id = $1 and operation = 'addHelioWallet'`, [owner.accountId]);
    expect(audit.rows).toEqual([{ via_staff: true }]);
  });
});

describe('tenant isolation', () => {
  it("another account's wallets and onboarding are never read or changed", async () => {
    const victim = await accountWithMember(t, { name: 'Victim' });
    const theirs = (await victim.client.ok(ADD, { a: victim.accountId, i: { currencyCode: 'btc', walletAddress: BTC } })).addHelioWallet;
    await merchant(victim.client, victim.accountId);
    const attacker = await accountWithMember(t, { name: 'Attacker' });

    expect(errorCode(await attacker.client.gql(ONBOARDING, { a: victim.accountId }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await attacker.client.gql(WALLETS, { a: victim.accountId }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await attacker.client.gql(REFRESH, { a: victim.accountId }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await attacker.client.gql(UPDATE, { id: theirs.id, i: { walletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2' } }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await attacker.client.gql(DELETE, { id: theirs.id }))).toBe('FORBIDDEN_ERROR');
    // Their own account sees none of it.
    expect((await attacker.client.ok(ONBOARDING, { a: attacker.accountId })).getPartnerHelioOnboarding).toEqual({
      merchantAccount: null,
      redirectUrl: null,
      redirectUrlExpiresAt: null,
    });
    expect((await attacker.client.ok(WALLETS, { a: attacker.accountId })).getHelioWallets).toEqual([]);
    // An id that does not exist reads as not found.
    const missing = await attacker.client.gql(DELETE, { id: '00000000-0000-4000-8000-000000000000' });
    expect([errorCode(missing), message(missing)]).toEqual(['NOT_FOUND', 'Payout wallet not found.']);

    expect((await victim.client.ok(WALLETS, { a: victim.accountId })).getHelioWallets.map((w: { walletAddress: string }) => w.walletAddress)).toEqual([BTC]);
  });
});

describe('merchant account and the built-in hosted onboarding', () => {
  it('creates the account once, with validated input, and links to the built-in page', async () => {
    const { client, accountId } = await accountWithMember(t, { name: 'Shopfront' });
    const invalid = await client.gql(CREATE, { a: accountId, i: { businessName: ' A ', contactEmail: 'not-an-email' } });
    expect(errorCode(invalid)).toBe('BAD_USER_INPUT');
    expect(fields(invalid)).toEqual({ businessName: 'At least 2 characters', contactEmail: 'Enter an e-mail address such as finance@example.com' });
    expect(fields(await client.gql(CREATE, { a: accountId, i: { businessName: 'x'.repeat(101), contactEmail: 'a@b.test' } }))).toEqual({
      businessName: 'At most 100 characters',
    });

    const before = Date.now();
    const created = (await client.ok(CREATE, { a: accountId, i: { businessName: '  Acme Payments ', contactEmail: ' finance@acme.test ' } }))
      .createHelioMerchantAccount;
    expect(created.merchantAccount).toEqual({ provider: 'builtin', status: 'created', businessName: 'Acme Payments', contactEmail: 'finance@acme.test' });
    expect(created.redirectUrl).toMatch(new RegExp(`^${PUBLIC_URL}/sandbox/helio/onboarding/[A-Za-z0-9_-]{43}$`));
    const ttl = new Date(created.redirectUrlExpiresAt).getTime() - before;
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThan(31 * 60_000);
    // Only a hash of the token is stored.
    const links = await t.database.pool.query(`select token_hash from helio_onboarding_links where account_id = $1`, [accountId]);
    expect(links.rows[0].token_hash).not.toContain(tokenOf(created.redirectUrl));

    const again = await client.gql(CREATE, { a: accountId, i: MERCHANT });
    expect([errorCode(again), message(again)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.merchantExists]);

    const page = (await t.client().ok(SANDBOX, { t: tokenOf(created.redirectUrl) })).sandboxHelioOnboarding;
    expect(page).toMatchObject({ accountName: 'Shopfront', businessName: 'Acme Payments', contactEmail: 'finance@acme.test' });
    const audit = await t.database.pool.query(
      `select count(*)::int as n from audit_events where account_id = $1 and operation = 'createHelioMerchantAccount' and outcome = 'success'`,
      [accountId],
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('approve: active, back to /helio, the link used and no longer offered', async () => {
    const { client, accountId } = await accountWithMember(t);
    const created = await merchant(client, accountId);
    const visitor = t.client();
    expect((await visitor.ok(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'approve' })).completeSandboxHelioOnboarding).toBe(`${PUBLIC_URL}/helio`);
    const state = (await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding;
    expect(state.merchantAccount.status).toBe('active');
    expect(state.merchantAccount.onboardingCompletedAt).not.toBeNull();
    expect([state.redirectUrl, state.redirectUrlExpiresAt]).toEqual([null, null]);
    const reuse = await visitor.gql(SANDBOX, { t: tokenOf(created.redirectUrl) });
    expect([errorCode(reuse), message(reuse)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.onboardingFinished]);
    const refresh = await client.gql(REFRESH, { a: accountId });
    expect([errorCode(refresh), message(refresh)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.refreshActive]);
  });

  it('review: in review, the link works once; a new link finishes it', async () => {
    const { client, accountId } = await accountWithMember(t);
    const created = await merchant(client, accountId);
    const visitor = t.client();
    await visitor.ok(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'review' });
    const state = (await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding;
    expect([state.merchantAccount.status, state.redirectUrl]).toEqual(['pendingReview', null]);
    for (const attempt of [
      await visitor.gql(SANDBOX, { t: tokenOf(created.redirectUrl) }),
      await visitor.gql(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'approve' }),
    ]) {
      expect([errorCode(attempt), message(attempt)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.linkUsed]);
    }
    const renewed = (await client.ok(REFRESH, { a: accountId })).getRefreshedHelioRedirectUrl;
    expect(renewed.redirectUrl).not.toBe(created.redirectUrl);
    await visitor.ok(COMPLETE, { t: tokenOf(renewed.redirectUrl), o: 'approve' });
    expect((await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding.merchantAccount.status).toBe('active');
  });

  it('reject: rejected, and no new link', async () => {
    const { client, accountId } = await accountWithMember(t);
    const created = await merchant(client, accountId);
    await t.client().ok(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'reject' });
    expect((await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding.merchantAccount.status).toBe('rejected');
    const refresh = await client.gql(REFRESH, { a: accountId });
    expect([errorCode(refresh), message(refresh)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.refreshRejected]);
  });

  it('an expired link is refused with a way back; the refreshed link works and retires the old one', async () => {
    const { client, accountId } = await accountWithMember(t);
    const created = await merchant(client, accountId);
    await t.database.pool.query(`update helio_onboarding_links set expires_at = now() - interval '1 minute' where account_id = $1`, [accountId]);
    await t.database.pool.query(`update helio_merchant_accounts set onboarding_url_expires_at = now() - interval '1 minute' where account_id = $1`, [
      accountId,
    ]);
    const visitor = t.client();
    const expired = await visitor.gql(SANDBOX, { t: tokenOf(created.redirectUrl) });
    expect([errorCode(expired), message(expired)]).toEqual(['CONFLICT', 'This onboarding link has expired: go back to the dashboard to get a new one.']);
    expect(errorCode(await visitor.gql(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'approve' }))).toBe('CONFLICT');
    const state = (await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding;
    expect([state.merchantAccount.status, state.redirectUrl]).toEqual(['created', null]);

    const renewed = (await client.ok(REFRESH, { a: accountId })).getRefreshedHelioRedirectUrl;
    expect(renewed.redirectUrl).toMatch(`${PUBLIC_URL}/sandbox/helio/onboarding/`);
    expect((await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding.redirectUrl).toBe(renewed.redirectUrl);
    const second = (await client.ok(REFRESH, { a: accountId })).getRefreshedHelioRedirectUrl;
    expect(message(await visitor.gql(SANDBOX, { t: tokenOf(renewed.redirectUrl) }))).toBe(COMMERCE_MESSAGES.linkUsed);
    await visitor.ok(SANDBOX, { t: tokenOf(second.redirectUrl) });
  });

  it('an unknown token or a malformed one is not found; without a merchant account nothing to refresh', async () => {
    const visitor = t.client();
    for (const token of ['A'.repeat(43), 'short', '../../etc']) {
      const result = await visitor.gql(SANDBOX, { t: token });
      expect([errorCode(result), message(result)]).toEqual(['NOT_FOUND', COMMERCE_MESSAGES.linkUnknown]);
    }
    const { client, accountId } = await accountWithMember(t);
    const refresh = await client.gql(REFRESH, { a: accountId });
    expect([errorCode(refresh), message(refresh)]).toEqual(['CONFLICT', COMMERCE_MESSAGES.noMerchant]);
  });
});

describe('payout wallets', () => {
  it('validates the currency, the address against its pattern and the tag; trims; refuses duplicates', async () => {
    const { client, accountId } = await accountWithMember(t);
    const add = (input: Record<string, unknown>) =>
      client.gql<{ addHelioWallet: { walletAddress: string; walletAddressTag: string | null } }>(ADD, { a: accountId, i: input });

    expect(fields(await add({ currencyCode: 'nope', walletAddress: BTC }))).toEqual({
      currencyCode: 'This currency is not in the catalogue. Choose one from the list.',
    });
    expect(fields(await add({ currencyCode: 'matic', walletAddress: ETH }))).toEqual({
      currencyCode: 'Polygon (ERC-20 MATIC) is suspended; choose another currency.',
    });
    expect(fields(await add({ currencyCode: 'btc', walletAddress: ETH }))).toEqual({ walletAddress: 'This is not a valid Bitcoin address.' });
    expect(fields(await add({ currencyCode: 'eth', walletAddress: BTC }))).toEqual({ walletAddress: 'This is not a valid Ethereum address.' });
    expect(fields(await add({ currencyCode: 'btc', walletAddress: '   ' }))).toEqual({ walletAddress: 'Enter the wallet address' });
    expect(fields(await add({ currencyCode: 'btc', walletAddress: BTC, walletAddressTag: '12345' }))).toEqual({
      walletAddressTag: 'Bitcoin addresses take no tag or memo: leave the tag empty.',
    });
    expect(fields(await add({ currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: 'has space' }))).toEqual({
      walletAddressTag: 'A tag or memo is letters, digits and punctuation, without spaces',
    });

    const btc = (await add({ currencyCode: ' BTC ', walletAddress: `  ${BTC}  `, walletAddressTag: '  ' })).data!.addHelioWallet;
    expect([btc.walletAddress, btc.walletAddressTag]).toEqual([BTC, null]);
    const xrp = (await add({ currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: ' 123456 ' })).data!.addHelioWallet;
    expect([xrp.walletAddress, xrp.walletAddressTag]).toEqual([XRP, '123456']);
    // The same XRP address with another tag is another wallet; the same pair again is a duplicate.
    expect((await add({ currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: '999' })).data).not.toBeNull();
    expect(fields(await add({ currencyCode: 'btc', walletAddress: BTC }))).toEqual({ walletAddress: COMMERCE_MESSAGES.duplicate });
    expect(fields(await add({ currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: '123456' }))).toEqual({ walletAddress: COMMERCE_MESSAGES.duplicate });

    const listed = (await client.ok(WALLETS, { a: accountId })).getHelioWallets as Array<{ currency: { code: string }; walletAddressTag: string | null }>;
    expect(listed.map((wallet) => [wallet.currency.code, wallet.walletAddressTag])).toEqual([
      ['btc', null],
      ['xrp', '123456'],
      ['xrp', '999'],
    ]);
  });

  it('updates the address and tag with the same checks, keeping the currency', async () => {
    const { client, accountId } = await accountWithMember(t);
    const first = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: '1' } })).addHelioWallet;
    await client.ok(ADD, { a: accountId, i: { currencyCode: 'xrp', walletAddress: XRP, walletAddressTag: '2' } });
    const eth = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'eth', walletAddress: ETH } })).addHelioWallet;

    expect(fields(await client.gql(UPDATE, { id: first.id, i: { walletAddress: XRP, walletAddressTag: '2' } }))).toEqual({
      walletAddress: COMMERCE_MESSAGES.duplicate,
    });
    expect(fields(await client.gql(UPDATE, { id: first.id, i: { walletAddress: BTC } }))).toEqual({ walletAddress: 'This is not a valid XRP address.' });
    expect(fields(await client.gql(UPDATE, { id: eth.id, i: { walletAddress: ETH, walletAddressTag: 'memo' } }))).toEqual({
      walletAddressTag: 'Ethereum addresses take no tag or memo: leave the tag empty.',
    });
    const updated = (await client.ok(UPDATE, { id: first.id, i: { walletAddress: ' rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe ', walletAddressTag: '77' } }))
      .updateHelioWallet;
    expect(updated).toEqual({ id: first.id, currency: { code: 'xrp' }, walletAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', walletAddressTag: '77' });
    // Saving a wallet unchanged is not a duplicate of itself.
    expect((await client.ok(UPDATE, { id: eth.id, i: { walletAddress: ETH } })).updateHelioWallet.walletAddress).toBe(ETH);
  });

  it(`refuses more than the account's limit`, async () => {
    const { client, accountId } = await accountWithMember(t);
    await t.database.pool.query(
      `insert into helio_wallets (account_id, currency_id, wallet_address)
       select $1, c.id, '0x' || lpad(to_hex(n), 40, '0') from crypto_currencies c, generate_series(1, 20) n where c.code = 'eth'`,
      [accountId],
    );
    const result = await client.gql(ADD, { a: accountId, i: { currencyCode: 'btc', walletAddress: BTC } });
    expect([errorCode(result), message(result)]).toEqual(['CONFLICT', 'An account can have at most 20 payout wallets: delete one before adding another.']);
  });

  it('wallets may come before onboarding; the last wallet of an active merchant account is kept', async () => {
    const { client, accountId } = await accountWithMember(t);
    const first = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'btc', walletAddress: BTC } })).addHelioWallet;
    const second = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'eth', walletAddress: ETH } })).addHelioWallet;
    // Not active yet: any wallet may go.
    expect((await client.ok(DELETE, { id: second.id })).deleteHelioWallet).toBe(second.id);
    await approved(client, accountId);
    const last = await client.gql(DELETE, { id: first.id });
    expect([errorCode(last), message(last)]).toEqual(['CONFLICT', 'Payouts need a wallet: add another wallet before deleting this one.']);
    const third = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'eth', walletAddress: ETH } })).addHelioWallet;
    await client.ok(DELETE, { id: first.id });
    expect((await client.ok(WALLETS, { a: accountId })).getHelioWallets.map((w: { id: string }) => w.id)).toEqual([third.id]);
    const audit = await t.database.pool.query(
      `select outcome, error_code from audit_events where account_id = $1 and operation = 'deleteHelioWallet' order by occurred_at`,
      [accountId],
    );
    expect(audit.rows).toEqual([
      { outcome: 'success', error_code: null },
      { outcome: 'failure', error_code: 'CONFLICT' },
      { outcome: 'success', error_code: null },
    ]);
  });
});

describe('payouts without Helio', () => {
  it('the built-in provider pays nothing out: it is named as the provider and holds no wallet', async () => {
    const admin = await accountWithMember(t);
    const query = `query($a: ID!) { getPartnerHelioOnboarding(accountId: $a) { provider } getHelioWallets(accountId: $a) { heldByHelio } }`;
    await admin.client.ok(ADD, { a: admin.accountId, i: { currencyCode: 'btc', walletAddress: BTC } });
    expect(await admin.client.ok(query, { a: admin.accountId })).toEqual({
      getPartnerHelioOnboarding: { provider: 'builtin' },
      getHelioWallets: [{ heldByHelio: false }],
    });
    await approved(admin.client, admin.accountId);
    expect(await admin.client.ok(query, { a: admin.accountId })).toEqual({
      getPartnerHelioOnboarding: { provider: 'builtin' },
      getHelioWallets: [{ heldByHelio: false }],
    });
  });
});

describe('productStatus.helio', () => {
  it('is enabled once the merchant account is active and ready once it also has a wallet', async () => {
    const { client, accountId } = await accountWithMember(t);
    const helio = async () => (await client.ok(STATUS, { a: accountId })).productStatus.helio;
    expect(await helio()).toEqual({ isEnabled: false, isReady: false, goLiveStatus: 'NotStarted' });
    const created = await merchant(client, accountId);
    await client.ok(ADD, { a: accountId, i: { currencyCode: 'btc', walletAddress: BTC } });
    expect(await helio()).toEqual({ isEnabled: false, isReady: false, goLiveStatus: 'NotStarted' });
    await t.client().ok(COMPLETE, { t: tokenOf(created.redirectUrl), o: 'approve' });
    expect(await helio()).toEqual({ isEnabled: true, isReady: true, goLiveStatus: 'NotStarted' });

    const other = await accountWithMember(t);
    await approved(other.client, other.accountId);
    expect((await other.client.ok(STATUS, { a: other.accountId })).productStatus.helio).toEqual({
      isEnabled: true,
      isReady: false,
      goLiveStatus: 'NotStarted',
    });
  });
});
