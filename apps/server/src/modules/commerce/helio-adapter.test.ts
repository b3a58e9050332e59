import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHelio } from '../../../test/fakes/fake-helio.ts';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { AppError } from '../../graphql/errors.ts';
import { HelioProvider } from './helio-provider.ts';

const API_KEY = 'pk_test_platform';
const API_SECRET = 'sk_test_platform_secret';

let helio: Awaited<ReturnType<typeof startFakeHelio>>;
let t: TestApp;
beforeAll(async () => {
  helio = await startFakeHelio({ apiKey: API_KEY, apiSecret: API_SECRET });
  t = await startTestApp({ HELIO_API_KEY: API_KEY, HELIO_API_SECRET: API_SECRET, HELIO_API_BASE: helio.url });
});
afterAll(async () => {
  await t?.close();
  await helio?.close();
});

const ONBOARDING = `query($a: ID!) { getPartnerHelioOnboarding(accountId: $a) { merchantAccount { provider merchantId status businessName contactEmail onboardingCompletedAt } redirectUrl redirectUrlExpiresAt } }`;
const REFRESH = `query($a: ID!) { getRefreshedHelioRedirectUrl(accountId: $a) { merchantAccount { status } redirectUrl redirectUrlExpiresAt } }`;
const CREATE = `mutation($a: ID!, $i: HelioMerchantAccountInput!) { createHelioMerchantAccount(accountId: $a, input: $i) { merchantAccount { provider merchantId status businessName contactEmail } redirectUrl redirectUrlExpiresAt } }`;
const ADD_WALLET = `mutation($a: ID!, $i: HelioWalletInput!) { addHelioWallet(accountId: $a, input: $i) { id walletAddress } }`;

describe('HelioProvider against the fake Helio API', () => {
  it('signs up with the documented request: apiKey in the query, the secret as Bearer, id/company/user/wallets in the body', async () => {
    const provider = new HelioProvider({ apiKey: API_KEY, apiSecret: API_SECRET, baseUrl: helio.url, linkTtlMinutes: 30 });
    const before = helio.requests.length;
    const created = await provider.createMerchant({ id: 'acc-unit-1', name: 'Unit' }, 'Acme Payments', 'finance@acme.test', [
      { currencyCode: 'usdc_sol', walletAddress: 'DsUFWNpve7hVQdhWDAfUTGq78SpZZ3tVLdnJiRa54QBU', walletAddressTag: null },
    ]);
    const request = helio.requests[before]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/auth/external/sign-up');
    expect(request.query).toEqual({ apiKey: API_KEY });
    expect(request.headers.authorization).toBe(`Bearer ${API_SECRET}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      id: 'acc-unit-1',
      company: { name: 'Acme Payments', email: 'finance@acme.test' },
      user: { name: 'Acme Payments', email: 'finance@acme.test' },
      wallets: [{ name: 'Unit usdc_sol', address: 'DsUFWNpve7hVQdhWDAfUTGq78SpZZ3tVLdnJiRa54QBU' }],
    });
    const company = helio.companies.get('acc-unit-1')!;
    expect(created.providerMerchantId).toBe(company.id);
    expect(created.walletIds).toEqual([company.wallets[0]!.id]);
    expect(created.onboardingUrl).toMatch(new RegExp(`^${helio.url}/auth/external-login\\?token=`));
    // The link's expiry comes from the login token's `exp` (the fake issues 120 s).
    expect(Math.abs(created.expiresAt.getTime() - (Date.now() + 120_000))).toBeLessThan(5_000);

    const refreshed = await provider.refreshOnboardingUrl({ accountId: 'acc-unit-1', providerMerchantId: company.id });
    const signIn = helio.requests.at(-1)!;
    expect([signIn.method, signIn.path, signIn.query, signIn.headers.authorization, signIn.body]).toEqual([
      'POST',
      '/v1/auth/external/sign-in',
      { apiKey: API_KEY },
      `Bearer ${API_SECRET}`,
      { id: 'acc-unit-1' },
    ]);
    expect(refreshed.onboardingUrl).not.toBe(created.onboardingUrl);

    expect(await provider.merchantStatus({ accountId: 'acc-unit-1', providerMerchantId: company.id })).toBeNull();
    helio.verify('acc-unit-1');
    expect(await provider.merchantStatus({ accountId: 'acc-unit-1', providerMerchantId: company.id })).toBe('active');
  });

  it('turns refusals, outages and odd answers into messages a partner can act on', async () => {
    const wrongKey = new HelioProvider({ apiKey: 'pk_wrong', apiSecret: API_SECRET, baseUrl: helio.url, linkTtlMinutes: 30 });
    const refused = await wrongKey.createMerchant({ id: 'acc-unit-2', name: 'U' }, 'Acme', 'a@acme.test', []).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('CONFLICT');
    expect((refused as AppError).message).toBe('Helio refused the request (HTTP 401). Try again in a few minutes, or contact support if it persists.');

    const provider = new HelioProvider({ apiKey: API_KEY, apiSecret: API_SECRET, baseUrl: helio.url, linkTtlMinutes: 30 });
    helio.failNext({ status: 200, body: '<html>maintenance</html>' });
    expect(((await provider.createMerchant({ id: 'acc-unit-3', name: 'U' }, 'Acme', 'a@acme.test', []).catch((e: unknown) => e)) as AppError).message).toMatch(
      /^Helio answered with something other than JSON/,
    );
    helio.failNext({ status: 200, body: JSON.stringify({ company: { id: 'x' } }) });
    expect(((await provider.createMerchant({ id: 'acc-unit-4', name: 'U' }, 'Acme', 'a@acme.test', []).catch((e: unknown) => e)) as AppError).message).toMatch(
      /^Helio answered without an onboarding link/,
    );

    const down = new HelioProvider({ apiKey: API_KEY, apiSecret: API_SECRET, baseUrl: 'http://127.0.0.1:9', linkTtlMinutes: 30 });
    const unreachable = (await down.refreshOnboardingUrl({ accountId: 'a', providerMerchantId: 'b' }).catch((e: unknown) => e)) as AppError;
    expect([unreachable.code, unreachable.message]).toEqual([
      'CONFLICT',
      'Helio could not be reached. Try again in a few minutes, or contact support if it persists.',
    ]);
  });
});

describe('commerce through GraphQL with Helio configured', () => {
  it('creates the merchant account at Helio, follows its redirect and picks up the verified state', async () => {
    const { client, accountId } = await accountWithMember(t);
    await client.ok(ADD_WALLET, { a: accountId, i: { currencyCode: 'eth', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    const created = (await client.ok(CREATE, { a: accountId, i: { businessName: 'Acme Payments', contactEmail: 'finance@acme.test' } }))
      .createHelioMerchantAccount;
    const company = helio.companies.get(accountId)!;
    expect(created.merchantAccount).toEqual({
      provider: 'helio',
      merchantId: company.id,
      status: 'created',
      businessName: 'Acme Payments',
      contactEmail: 'finance@acme.test',
    });
    expect(created.redirectUrl).toMatch(new RegExp(`^${helio.url}/auth/external-login\\?token=`));
    expect(company.wallets.map((wallet) => wallet.publicKey)).toEqual(['0x52908400098527886E0F7030069857D2E4169EE7']);
    const stored = await t.database.pool.query(`select provider_wallet_id from helio_wallets where account_id = $1`, [accountId]);
    expect(stored.rows[0].provider_wallet_id).toBe(company.wallets[0]!.id);

    const refreshed = (await client.ok(REFRESH, { a: accountId })).getRefreshedHelioRedirectUrl;
    expect(refreshed.redirectUrl).not.toBe(created.redirectUrl);
    expect(helio.requests.at(-1)!.body).toEqual({ id: accountId });

    helio.verify(accountId);
    const after = (await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding;
    expect(after.merchantAccount.status).toBe('active');
    expect(after.merchantAccount.onboardingCompletedAt).not.toBeNull();
    expect(after.redirectUrl).toBeNull();
  });

  it('a Helio failure is a clear CONFLICT, never a 500, and leaves nothing half-made', async () => {
    const { client, accountId } = await accountWithMember(t);
    helio.failNext({ status: 503 });
    const result = await client.gql(CREATE, { a: accountId, i: { businessName: 'Acme Payments', contactEmail: 'finance@acme.test' } });
    expect(result.status).toBe(200);
    expect(errorCode(result)).toBe('CONFLICT');
    expect(result.errors![0]!.message).toBe('Helio refused the request (HTTP 503). Try again in a few minutes, or contact support if it persists.');
    expect((await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding).toEqual({
      merchantAccount: null,
      redirectUrl: null,
      redirectUrlExpiresAt: null,
    });

    await client.ok(CREATE, { a: accountId, i: { businessName: 'Acme Payments', contactEmail: 'finance@acme.test' } });
    // While Helio is down the stored state is still shown.
    helio.failNext({ status: 500 });
    expect((await client.ok(ONBOARDING, { a: accountId })).getPartnerHelioOnboarding.merchantAccount.status).toBe('created');
    helio.failNext({ status: 500 });
    const refresh = await client.gql(REFRESH, { a: accountId });
    expect([errorCode(refresh), refresh.errors![0]!.message]).toEqual([
      'CONFLICT',
      'Helio refused the request (HTTP 500). Try again in a few minutes, or contact support if it persists.',
    ]);
  });
});

describe('payout wallets with Helio configured', () => {
  const WALLETS = `query($a: ID!) { getHelioWallets(accountId: $a) { id walletAddress heldByHelio } getPartnerHelioOnboarding(accountId: $a) { provider } }`;
  const WALLETS_ONLY = `query($a: ID!) { getHelioWallets(accountId: $a) { id walletAddress heldByHelio } }`;
  const ADD = `mutation($a: ID!, $i: HelioWalletInput!) { addHelioWallet(accountId: $a, input: $i) { id heldByHelio } }`;
  const UPDATE = `mutation($id: ID!, $i: HelioWalletUpdateInput!) { updateHelioWallet(id: $id, input: $i) { id walletAddress heldByHelio } }`;
  const DELETE = `mutation($id: ID!) { deleteHelioWallet(id: $id) }`;

  it('only the wallets sent with the sign-up are held by Helio; later adds, changes and deletes call nothing at Helio', async () => {
    const { client, accountId } = await accountWithMember(t);
    const eth = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'eth', walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' } }))
      .addHelioWallet;
    // Before the merchant account: Helio is the provider, and it holds nothing yet.
    expect(await client.ok(WALLETS, { a: accountId })).toMatchObject({
      getHelioWallets: [{ id: eth.id, heldByHelio: false }],
      getPartnerHelioOnboarding: { provider: 'helio' },
    });
    await client.ok(CREATE, { a: accountId, i: { businessName: 'Acme Payments', contactEmail: 'finance@acme.test' } });
    expect((await client.ok(WALLETS_ONLY, { a: accountId })).getHelioWallets).toEqual([
      { id: eth.id, walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', heldByHelio: true },
    ]);

    const before = helio.requests.length;
    const btc = (await client.ok(ADD, { a: accountId, i: { currencyCode: 'btc', walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' } }))
      .addHelioWallet;
    expect(btc.heldByHelio).toBe(false);
    const changed = (await client.ok(UPDATE, { id: eth.id, i: { walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' } })).updateHelioWallet;
    expect(changed).toEqual({ id: eth.id, walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', heldByHelio: false });
    await client.ok(DELETE, { id: btc.id });
    expect(helio.requests.length).toBe(before);
    // Helio still holds the address it was sent.
    expect(helio.companies.get(accountId)!.wallets.map((wallet) => wallet.publicKey)).toEqual(['0x52908400098527886E0F7030069857D2E4169EE7']);
  });
});
