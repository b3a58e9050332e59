import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, uniqueEmail, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { gettingStartedSteps } from './getting-started.service.ts';

let t: TestApp;
beforeAll(async () => {
  // Webhook endpoints on loopback: tests send nothing anywhere else.
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
});
afterAll(async () => {
  await t.close();
});

const GETTING_STARTED = `query($a: ID!) { gettingStarted(accountId: $a) { id completedCount isComplete steps { key state detail } } }`;
type Step = { key: string; state: string; detail: string | null };

async function stepsOf(client: ApiClient, accountId: string) {
  const data = (await client.ok(GETTING_STARTED, { a: accountId })).gettingStarted as {
    id: string;
    completedCount: number;
    isComplete: boolean;
    steps: Step[];
  };
  return { ...data, byKey: Object.fromEntries(data.steps.map((step) => [step.key, step])) as Record<string, Step> };
}

describe('gettingStarted', () => {
  it('starts with every step open, in order, and ticks each one from the account’s real state', async () => {
    const partner = await accountWithMember(t);
    let now = await stepsOf(partner.client, partner.accountId);
    expect(now.id).toBe(partner.accountId);
    expect(now.steps.map((step) => step.key)).toEqual(['verifyBusiness', 'chooseCurrencies', 'setFees', 'buildWidget', 'addWebhook', 'inviteTeam', 'goLive']);
    expect(now.steps.every((step) => step.state === 'open')).toBe(true);
    expect(now).toMatchObject({ completedCount: 0, isComplete: false });

    const [btc] = (await t.database.pool.query(`select id from crypto_currencies where code = 'btc'`)).rows;
    await partner.client.ok(`mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { id } }`, {
      a: partner.accountId,
      p: [{ currencyId: btc.id, isEnabled: true, isSellEnabled: false }],
    });
    // A 0 % partner fee is an explicit decision: it counts as set.
    await partner.client.ok(
      `mutation($a: ID!, $r: [PricingRuleInput!]!) { updatePricingRules(accountId: $a, type: partnerFee, rules: $r) { editableTypes } }`,
      {
        a: partner.accountId,
        r: [{ region: 'Global', transactionType: 'buy', percentage: '0', fixedValue: '0', minValue: '0' }],
      },
    );
    await partner.client.ok(`mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`, {
      a: partner.accountId,
      u: 'http://127.0.0.1:9/getting-started',
    });
    await partner.client.ok(`mutation($a: ID!, $e: String!) { createMembership(accountId: $a, email: $e, role: developer) { id } }`, {
      a: partner.accountId,
      e: uniqueEmail('teammate'),
    });
    // Signing a widget URL is what builds the widget.
    const keys = (await partner.client.ok(`query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }`, { a: partner.accountId }))
      .apiKeys as Array<{ type: string; secret: string }>;
    const publishable = keys.find((key) => key.type === 'publishable')!.secret;
    await partner.client.ok(`mutation($a: ID!, $u: String!) { generateSignedUrl(accountId: $a, liveMode: false, url: $u) { url } }`, {
      a: partner.accountId,
      u: `${t.baseUrl}/widget/buy?apiKey=${publishable}&currencyCode=eth`,
    });

    now = await stepsOf(partner.client, partner.accountId);
    expect(now.byKey).toMatchObject({
      verifyBusiness: { state: 'open' },
      chooseCurrencies: { state: 'done' },
      setFees: { state: 'done' },
      buildWidget: { state: 'done' },
      addWebhook: { state: 'done' },
      inviteTeam: { state: 'done' },
      goLive: { state: 'open' },
    });
    expect(now.completedCount).toBe(5);

    // Verification and go-live: in progress while Rampart reviews, done once approved.
    await t.database.pool.query(`insert into kyb_applications (organization_id, status, submitted_at) values ($1, 'Pending', now())`, [partner.organizationId]);
    await t.database.pool.query(`insert into go_live_requests (account_id, product, status) values ($1, 'OnRamp', 'Pending')`, [partner.accountId]);
    now = await stepsOf(partner.client, partner.accountId);
    expect(now.byKey.verifyBusiness).toEqual({ key: 'verifyBusiness', state: 'inProgress', detail: 'Submitted; Rampart is reviewing it.' });
    expect(now.byKey.goLive).toEqual({ key: 'goLive', state: 'inProgress', detail: 'Requested; Rampart is reviewing it.' });

    await t.database.pool.query(`update kyb_applications set status = 'Approved' where organization_id = $1`, [partner.organizationId]);
    await t.database.pool.query(`update go_live_requests set status = 'Approved' where account_id = $1`, [partner.accountId]);
    now = await stepsOf(partner.client, partner.accountId);
    expect(now).toMatchObject({ completedCount: 7, isComplete: true });
  });

  it('reads only the account it is asked about', async () => {
    const first = await accountWithMember(t);
    const second = await accountWithMember(t);
    await first.client.ok(`mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`, {
      a: first.accountId,
      u: 'http://127.0.0.1:9/first',
    });
    expect((await stepsOf(first.client, first.accountId)).byKey.addWebhook!.state).toBe('done');
    expect((await stepsOf(second.client, second.accountId)).byKey.addWebhook!.state).toBe('open');
    const refused = await second.client.gql(GETTING_STARTED, { a: first.accountId });
    expect(errorCode(refused)).toBe('FORBIDDEN_ERROR');
  });

  it('is readable by every role of the account and refused to strangers', async () => {
    const analyst = await accountWithMember(t, { role: 'analyst' });
    expect((await stepsOf(analyst.client, analyst.accountId)).steps).toHaveLength(7);
    const stranger = await signedInUser(t);
    expect(errorCode(await stranger.client.gql(GETTING_STARTED, { a: analyst.accountId }))).toBe('FORBIDDEN_ERROR');
  });
});

describe('gettingStartedSteps', () => {
  const blank = {
    kybStatus: null,
    kybReason: null,
    kybSaved: false,
    currenciesChosen: false,
    feesSet: false,
    widgetUrlBuilt: false,
    webhookCount: 0,
    memberCount: 1,
    approvedGoLive: false,
    openGoLive: false,
    nftCheckoutEnabled: false,
    nftCheckoutReady: false,
  };
  it('asks the partner again when verification is on hold or rejected, with the reason', () => {
    expect(gettingStartedSteps({ ...blank, kybStatus: 'OnHold', kybReason: 'The register extract is unreadable.' })[0]).toEqual({
      key: 'verifyBusiness',
      state: 'open',
      detail: 'On hold: The register extract is unreadable.',
    });
    expect(gettingStartedSteps({ ...blank, kybStatus: 'Rejected', kybReason: null })[0]!.detail).toBe('Rejected: contact Rampart support.');
  });
  it('counts a pending invitation as inviting the team, the only member alone not', () => {
    expect(gettingStartedSteps({ ...blank, memberCount: 1 }).find((step) => step.key === 'inviteTeam')!.state).toBe('open');
    expect(gettingStartedSteps({ ...blank, memberCount: 2 }).find((step) => step.key === 'inviteTeam')!.state).toBe('done');
  });
  it('lists NFT checkout only when the product is on, done once a flow and a deployed collection are there', () => {
    expect(gettingStartedSteps(blank).map((step) => step.key)).not.toContain('setUpNftCheckout');
    const keys = gettingStartedSteps({ ...blank, nftCheckoutEnabled: true }).map((step) => step.key);
    expect(keys.indexOf('setUpNftCheckout')).toBe(keys.indexOf('buildWidget') + 1);
    expect(gettingStartedSteps({ ...blank, nftCheckoutEnabled: true }).find((step) => step.key === 'setUpNftCheckout')!.state).toBe('open');
    expect(gettingStartedSteps({ ...blank, nftCheckoutEnabled: true, nftCheckoutReady: true }).find((step) => step.key === 'setUpNftCheckout')!.state).toBe(
      'done',
    );
  });
});
