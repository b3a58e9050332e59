import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';

let t: TestApp;
let kybStaff: ApiClient;
let compliance: ApiClient;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, { worker: true });
  kybStaff = (await signedInUser(t, { adminRole: 'KybAnalyst' })).client;
  compliance = (await signedInUser(t, { adminRole: 'ComplianceManager' })).client;
});
afterAll(async () => {
  await t.close();
});

const CHECKLIST_FIELDS = 'key label state detail route requiredToGoLive';
const READINESS = 'isReady isEnabled goLiveStatus reason';
const PRODUCT_STATUS = `query($a: ID!) { productStatus(id: $a) {
  accountId
  shared { domainsSet hasProvidedPaymentDetails subjectToSubscription providedTestingInstructions suitabilityReviewStatus }
  buy { ${READINESS} } sell { ${READINESS} } swaps { ${READINESS} } nftCommerce { ${READINESS} } helio { ${READINESS} }
  onRamp: checklist(product: OnRamp) { ${CHECKLIST_FIELDS} }
  offRamp: checklist(product: OffRamp) { ${CHECKLIST_FIELDS} }
  swapsChecklist: checklist(product: Swaps) { ${CHECKLIST_FIELDS} }
} }`;
const INSTRUCTIONS_FIELDS = 'url credentials steps updatedAt isEditable';
const SUBMIT_INSTRUCTIONS = `mutation($a: ID!, $i: TestingInstructionsInput!) { submitTestingInstructions(accountId: $a, input: $i) { ${INSTRUCTIONS_FIELDS} } }`;
const INSTRUCTIONS = `query($a: ID!) { testingInstructions(accountId: $a) { ${INSTRUCTIONS_FIELDS} } }`;
const REQUEST_FIELDS = `id accountId accountName organizationName product status reason requestedAt decidedAt testingInstructions { ${INSTRUCTIONS_FIELDS} }`;
const REQUEST_GO_LIVE = `mutation($a: ID!, $p: RampProduct!) { requestGoLive(accountId: $a, product: $p) { ${REQUEST_FIELDS} } }`;
const REVIEW = `mutation($id: ID!, $s: ReviewStatusValue!, $r: String) { updateGoLiveReview(requestId: $id, status: $s, reason: $r) { ${REQUEST_FIELDS} } }`;
const QUEUE = `query($s: [ReviewStatusValue!], $p: RampProduct, $skip: Int, $take: Int) { goLiveRequests(status: $s, product: $p, skip: $skip, take: $take) { totalCount items { ${REQUEST_FIELDS} } } }`;
const DOMAIN_REVIEW = `mutation($a: ID!, $d: String!, $s: String!, $r: String) { updateDomainReview(accountId: $a, domain: $d, status: $s, reason: $r) { domain status reason } }`;
const UPSERT_BLOCKED = `mutation($k: BlockedListKind!, $v: String!, $act: BlockedAction!, $r: String!) { upsertBlockedListEntry(kind: $k, value: $v, action: $act, reason: $r) { id kind value action reason } }`;
const DELETE_BLOCKED = `mutation($id: ID!) { deleteBlockedListEntry(id: $id) }`;
const BLOCKED_LIST = `{ blockedCountriesAndIndustries { id kind value action reason } }`;
const BLOCKED_STATUS = `query($a: ID!) { blockedCountryAndIndustryStatus(accountId: $a) { isBlocked country { value action reason } industry { value action reason } } }`;
const FLAGS = `query($a: ID!) { account(id: $a) { id onboardingInfo { isOnRampEnabled isOffRampEnabled isSwapsEnabled isNftCheckoutEnabled } domainReviews { domain status reason } } }`;

const GOOD_INSTRUCTIONS = {
  url: 'https://shop.example.com/checkout?test=1',
  credentials: 'reviewer@example.com / Test-pass-1',
  steps: '1. Sign in with the credentials.\n2. Buy 20 EUR of ETH.',
};

type ChecklistItem = { key: string; label: string; state: string; detail: string | null; route: string | null; requiredToGoLive: boolean };

/** A partner who signed up and onboarded through the API: organization, account, domains to review. */
async function onboardedPartner(options: { country?: string; industry?: string; websites?: string[] } = {}) {
  const user = await signedInUser(t);
  const account = await user.client.ok(`mutation($i: OnboardingInfoInput!) { createOnboardingInfo(input: $i) { id organization { id } } }`, {
    i: {
      accountName: 'Acme Pay',
      legalName: `Acme Payments ${Math.random().toString(36).slice(2, 8)} GmbH`,
      country: options.country ?? 'DE',
      industry: options.industry ?? 'Payments',
      websiteUrls: options.websites ?? ['https://shop.example.com', 'https://www.acme-pay.example/checkout'],
      productInterests: ['OnRamp', 'OffRamp'],
      expectedMonthlyVolume: '$10k–$100k',
    },
  });
  return { ...user, accountId: account.createOnboardingInfo.id as string, organizationId: account.createOnboardingInfo.organization.id as string };
}

/** Setup only: the KYB module's own tests cover how an application gets to a status. */
async function setKybStatus(organizationId: string, status: string, reason: string | null = null) {
  await t.database.pool.query(
    `insert into kyb_applications (organization_id, status, reason) values ($1, $2, $3)
     on conflict (organization_id) do update set status = excluded.status, reason = excluded.reason, updated_at = now()`,
    [organizationId, status, reason],
  );
}

/** A partner with every required item done: KYB approved, domains unreviewed (counted as set), instructions given. */
async function readyPartner(options: Parameters<typeof onboardedPartner>[0] = {}) {
  const partner = await onboardedPartner(options);
  await setKybStatus(partner.organizationId, 'Approved');
  await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: GOOD_INSTRUCTIONS });
  return partner;
}

async function productStatus(client: ApiClient, accountId: string) {
  return (await client.ok(PRODUCT_STATUS, { a: accountId })).productStatus;
}
type ChecklistKey = 'kyb' | 'domains' | 'paymentDetails' | 'testingInstructions' | 'subscription' | 'notBlocked' | 'rampSetup' | 'integration';
const byKey = (items: ChecklistItem[]) => Object.fromEntries(items.map((item) => [item.key, item])) as Record<ChecklistKey, ChecklistItem>;
const requestRows = async (accountId: string) =>
  (await t.database.pool.query(`select * from go_live_requests where account_id = $1 order by requested_at`, [accountId])).rows;

describe('productStatus and the checklist', () => {
  it('shows each item with its state, route and whether it blocks the request, in order', async () => {
    const partner = await onboardedPartner();
    const status = await productStatus(partner.client, partner.accountId);
    expect(status.accountId).toBe(partner.accountId);
    expect(status.shared).toEqual({
      domainsSet: true,
      hasProvidedPaymentDetails: false,
      subjectToSubscription: false,
      providedTestingInstructions: false,
      suitabilityReviewStatus: 'NotStarted',
    });
    expect(status.buy).toEqual({ isReady: false, isEnabled: false, goLiveStatus: 'NotStarted', reason: null });
    expect(status.helio).toEqual({ isReady: false, isEnabled: false, goLiveStatus: 'NotStarted', reason: null });

    expect(status.onRamp.map((item: ChecklistItem) => item.key)).toEqual([
      'kyb',
      'domains',
      'paymentDetails',
      'testingInstructions',
      'subscription',
      'notBlocked',
      'rampSetup',
      'integration',
    ]);
    const onRamp = byKey(status.onRamp);
    expect(onRamp.kyb).toMatchObject({
      label: 'Business verification (KYB) approved',
      state: 'actionRequired',
      route: '/dashboard/on-ramp/kyb',
      requiredToGoLive: true,
    });
    expect(onRamp.domains).toMatchObject({ label: 'Domains set and cleared', state: 'done', route: '/onboarding', requiredToGoLive: true });
    expect(onRamp.paymentDetails).toMatchObject({ state: 'pending', route: '/developers/payouts', requiredToGoLive: false });
    expect(onRamp.paymentDetails.detail).toMatch(/not required/i);
    expect(onRamp.testingInstructions).toMatchObject({ state: 'actionRequired', route: '/dashboard/on-ramp/go-live#testing', requiredToGoLive: true });
    expect(onRamp.subscription).toMatchObject({ state: 'pending', route: '/dashboard/on-ramp/subscribe', requiredToGoLive: false });
    // Plans are bought under Subscribe: nothing says they cannot be (issue 36).
    expect(onRamp.subscription.detail).toBe('Free plan: a paid plan is not required to request go-live; choose one under Subscribe when you need it.');
    expect(onRamp.notBlocked).toMatchObject({ state: 'done', detail: null, requiredToGoLive: true });
    expect(onRamp.rampSetup).toMatchObject({
      label: 'Ramp setup: currencies and fees',
      state: 'pending',
      route: '/dashboard/on-ramp/cryptos',
      requiredToGoLive: false,
    });
    expect(onRamp.rampSetup.detail).toBe('Choose the cryptocurrencies you offer for buying; set your partner fee for buying (0 % if you charge none).');
    expect(onRamp.integration).toMatchObject({
      label: 'Integration: widget URL and domains',
      state: 'pending',
      detail: 'Build your widget URL; record the domains where you embed the widget.',
      route: '/dashboard/on-ramp/integrate',
      requiredToGoLive: false,
    });

    expect(byKey(status.offRamp).kyb.route).toBe('/dashboard/off-ramp/kyb');
    expect(byKey(status.offRamp).rampSetup.route).toBe('/dashboard/off-ramp/cryptos');
    const swaps = byKey(status.swapsChecklist);
    expect(swaps.testingInstructions.route).toBe('/dashboard/swaps/go-live#testing');
    expect(swaps.rampSetup).toMatchObject({ state: 'notApplicable', route: null, requiredToGoLive: false });
    expect(swaps.integration).toMatchObject({ state: 'pending', route: '/dashboard/swaps/integrate', requiredToGoLive: false });
  });

  it('the ramp setup and integration items follow the currencies, partner fees, widget URL and domains the partner records', async () => {
    const partner = await onboardedPartner();
    const items = async () => {
      const status = await productStatus(partner.client, partner.accountId);
      return { onRamp: byKey(status.onRamp), offRamp: byKey(status.offRamp), swaps: byKey(status.swapsChecklist) };
    };
    const [btc] = (await t.database.pool.query(`select id from crypto_currencies where code = 'btc'`)).rows;
    await partner.client.ok(`mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { id } }`, {
      a: partner.accountId,
      p: [{ currencyId: btc.id, isEnabled: true, isSellEnabled: true }],
    });
    let now = await items();
    expect(now.onRamp.rampSetup).toMatchObject({
      state: 'pending',
      detail: 'Set your partner fee for buying (0 % if you charge none).',
      route: '/dashboard/on-ramp/fees',
    });
    const RULES = `mutation($a: ID!, $r: [PricingRuleInput!]!) { updatePricingRules(accountId: $a, type: partnerFee, rules: $r) { editableTypes } }`;
    await partner.client.ok(RULES, {
      a: partner.accountId,
      r: [{ region: 'Global', transactionType: 'buy', percentage: '1', fixedValue: '0', minValue: '0' }],
    });
    now = await items();
    expect(now.onRamp.rampSetup).toMatchObject({ state: 'done', detail: null, route: '/dashboard/on-ramp/fees' });
    expect(now.offRamp.rampSetup).toMatchObject({
      state: 'pending',
      detail: 'Set your partner fee for selling (0 % if you charge none).',
      route: '/dashboard/off-ramp/fees',
    });

    await partner.client.ok(`mutation($a: ID!) { createIntegration(accountId: $a, input: { type: web, value: "shop.example.com" }) { id } }`, {
      a: partner.accountId,
    });
    now = await items();
    expect(now.onRamp.integration).toMatchObject({ state: 'pending', detail: 'Build your widget URL.' });
    await t.app.services.ramp.setOnboardingFlag(partner.accountId, 'isWidgetUrlBuilt', true);
    now = await items();
    for (const product of ['onRamp', 'offRamp', 'swaps'] as const) expect(now[product].integration).toMatchObject({ state: 'done', detail: null });
  });

  it('follows each item as the partner and staff complete it, and is ready once every required item is done', async () => {
    const partner = await onboardedPartner();
    const onRampOf = async () => byKey((await productStatus(partner.client, partner.accountId)).onRamp);

    await setKybStatus(partner.organizationId, 'OnHold', 'The proof of address is older than three months.');
    expect((await onRampOf()).kyb).toMatchObject({ state: 'actionRequired', detail: 'On hold: The proof of address is older than three months.' });
    await setKybStatus(partner.organizationId, 'InProgress');
    expect((await onRampOf()).kyb.state).toBe('pending');
    await setKybStatus(partner.organizationId, 'Approved');
    expect((await onRampOf()).kyb).toMatchObject({ state: 'done', detail: null });

    await kybStaff.ok(DOMAIN_REVIEW, { a: partner.accountId, d: 'shop.example.com', s: 'rejected', r: 'The site sells counterfeit goods.' });
    expect((await onRampOf()).domains).toMatchObject({ state: 'actionRequired', detail: 'shop.example.com was rejected: The site sells counterfeit goods.' });
    expect((await productStatus(partner.client, partner.accountId)).shared.domainsSet).toBe(false);
    await kybStaff.ok(DOMAIN_REVIEW, { a: partner.accountId, d: 'shop.example.com', s: 'clear' });
    expect((await onRampOf()).domains.state).toBe('done');

    await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: GOOD_INSTRUCTIONS });
    expect((await onRampOf()).testingInstructions.state).toBe('done');

    const currencies = (await partner.client.ok(`{ cryptoCurrencies { id code } }`)).cryptoCurrencies as Array<{ id: string; code: string }>;
    await partner.client.ok(
      `mutation($a: ID!, $c: ID!, $w: String!) { createAffiliatePayoutConfiguration(accountId: $a, currencyId: $c, walletAddress: $w) { id } }`,
      {
        a: partner.accountId,
        c: currencies.find((currency) => currency.code === 'btc')!.id,
        w: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      },
    );
    expect((await onRampOf()).paymentDetails).toMatchObject({ state: 'done', detail: null });

    const status = await productStatus(partner.client, partner.accountId);
    expect(status.shared).toEqual({
      domainsSet: true,
      hasProvidedPaymentDetails: true,
      subjectToSubscription: false,
      providedTestingInstructions: true,
      suitabilityReviewStatus: 'Approved',
    });
    expect([status.buy.isReady, status.sell.isReady, status.swaps.isReady]).toEqual([true, true, true]);
    expect(byKey(status.onRamp).subscription.state).toBe('pending');
  });

  it('a partner without websites has no domains set', async () => {
    const partner = await accountWithMember(t);
    const status = await productStatus(partner.client, partner.accountId);
    expect(status.shared.domainsSet).toBe(false);
    expect(byKey(status.onRamp).domains).toMatchObject({ state: 'actionRequired', detail: 'Add the websites where you will offer Rampart.' });
  });
});

describe('testing instructions', () => {
  it('refuses each bad field by name and stores nothing', async () => {
    const partner = await onboardedPartner();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...GOOD_INSTRUCTIONS, url: 'ftp://files.example.com/app' }, 'url'],
      [{ ...GOOD_INSTRUCTIONS, url: 'javascript:alert(1)' }, 'url'],
      [{ ...GOOD_INSTRUCTIONS, url: 'shop.example.com' }, 'url'],
      [{ ...GOOD_INSTRUCTIONS, url: `https://example.com/${'a'.repeat(2100)}` }, 'url'],
      [{ ...GOOD_INSTRUCTIONS, steps: '   ' }, 'steps'],
      [{ ...GOOD_INSTRUCTIONS, steps: 's'.repeat(5001) }, 'steps'],
      [{ ...GOOD_INSTRUCTIONS, credentials: 'c'.repeat(2001) }, 'credentials'],
    ];
    for (const [input, field] of cases) {
      const result = await partner.client.gql(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: input });
      expect(errorCode(result), field).toBe('BAD_USER_INPUT');
      expect(Object.keys(result.errors![0]!.extensions!.fields!), JSON.stringify(input).slice(0, 80)).toEqual([field]);
    }
    expect((await partner.client.ok(INSTRUCTIONS, { a: partner.accountId })).testingInstructions).toBeNull();
  });

  it('are shown back with the test credentials to members who may read the account and to staff', async () => {
    const partner = await onboardedPartner();
    const saved = (await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: { ...GOOD_INSTRUCTIONS, credentials: '  ' } }))
      .submitTestingInstructions;
    expect(saved).toMatchObject({ url: GOOD_INSTRUCTIONS.url, credentials: null, steps: GOOD_INSTRUCTIONS.steps, isEditable: true });
    await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: GOOD_INSTRUCTIONS });

    const analyst = await signedInUser(t);
    await t.database.pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'analyst', true, now())`, [
      partner.accountId,
      analyst.userId,
    ]);
    const seen = (await analyst.client.ok(INSTRUCTIONS, { a: partner.accountId })).testingInstructions;
    expect(seen).toMatchObject({ ...GOOD_INSTRUCTIONS, isEditable: true });
    expect((await kybStaff.ok(INSTRUCTIONS, { a: partner.accountId })).testingInstructions.credentials).toBe(GOOD_INSTRUCTIONS.credentials);
    // Reading is not changing: the analyst's role has no account:update.
    expect(errorCode(await analyst.client.gql(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: GOOD_INSTRUCTIONS }))).toBe('FORBIDDEN_ERROR');
  });

  it('can be changed while the request waits (the request follows), and are locked once the review starts', async () => {
    const partner = await readyPartner();
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive;
    expect(request.testingInstructions).toMatchObject({ ...GOOD_INSTRUCTIONS, isEditable: false });

    const changed = { ...GOOD_INSTRUCTIONS, steps: 'Buy 30 EUR of BTC.' };
    expect((await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: changed })).submitTestingInstructions.isEditable).toBe(true);
    const queued = (await kybStaff.ok(QUEUE, { s: ['Pending'], take: 100 })).goLiveRequests.items.find((item: { id: string }) => item.id === request.id);
    expect(queued.testingInstructions.steps).toBe('Buy 30 EUR of BTC.');

    await kybStaff.ok(REVIEW, { id: request.id, s: 'InProgress' });
    const refused = await partner.client.gql(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: { ...GOOD_INSTRUCTIONS, steps: 'Something else' } });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.message).toMatch(/review has started/);
    expect((await partner.client.ok(INSTRUCTIONS, { a: partner.accountId })).testingInstructions).toMatchObject({
      steps: 'Buy 30 EUR of BTC.',
      isEditable: false,
    });

    // On hold, the partner fixes them and asks again.
    await kybStaff.ok(REVIEW, { id: request.id, s: 'OnHold', r: 'The test credentials do not work.' });
    expect((await partner.client.ok(INSTRUCTIONS, { a: partner.accountId })).testingInstructions.isEditable).toBe(true);
    await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: { ...changed, credentials: 'reviewer@example.com / New-pass-2' } });
  });
});

describe('requestGoLive', () => {
  it('refuses with the list of unmet required items and creates nothing, then accepts once they are done', async () => {
    const partner = await onboardedPartner();
    const refused = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toMatch(/Business verification \(KYB\) approved.*Testing instructions provided/);
    expect((refused.errors![0]!.extensions!.unmetItems as Array<{ key: string }>).map((item) => item.key)).toEqual(['kyb', 'testingInstructions']);
    expect(refused.errors![0]!.extensions!.fields).toHaveProperty('product');
    expect(await requestRows(partner.accountId)).toHaveLength(0);

    await setKybStatus(partner.organizationId, 'Approved');
    const stillRefused = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect((stillRefused.errors![0]!.extensions!.unmetItems as Array<{ key: string }>).map((item) => item.key)).toEqual(['testingInstructions']);

    await partner.client.ok(SUBMIT_INSTRUCTIONS, { a: partner.accountId, i: GOOD_INSTRUCTIONS });
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive;
    expect(request).toMatchObject({
      accountId: partner.accountId,
      accountName: 'Acme Pay',
      product: 'OnRamp',
      status: 'Pending',
      reason: null,
      decidedAt: null,
    });
    expect(request.organizationName).toMatch(/^Acme Payments/);
    expect(request.testingInstructions).toMatchObject(GOOD_INSTRUCTIONS);
    // Payment details, subscription and ramp setup are shown but not required today.
    const status = await productStatus(partner.client, partner.accountId);
    expect(status.buy).toMatchObject({ goLiveStatus: 'Pending', isEnabled: false });
    expect(status.sell.goLiveStatus).toBe('NotStarted');

    const duplicate = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect(errorCode(duplicate)).toBe('CONFLICT');
    expect(duplicate.errors![0]!.message).toMatch(/already waiting for review/);
    expect(await requestRows(partner.accountId)).toHaveLength(1);
    // Another product is its own request.
    expect((await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'Swaps' })).requestGoLive.status).toBe('Pending');
  });

  it('NFT checkout: offered once a flow is on, needs a flow and a deployed collection, approval enables it', async () => {
    const partner = await readyPartner();
    const NFT = `query($a: ID!) { productStatus(id: $a) { nftCommerce { ${READINESS} isOffered } checklist(product: NftCheckout) { ${CHECKLIST_FIELDS} } } }`;
    const nft = async () => (await partner.client.ok(NFT, { a: partner.accountId })).productStatus;
    expect((await nft()).nftCommerce).toMatchObject({ isOffered: false, isReady: false, isEnabled: false, goLiveStatus: 'NotStarted' });

    const refused = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'NftCheckout' });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toContain('Before requesting go-live for NFT checkout, complete: NFT checkout: a flow and a collection');
    expect((refused.errors![0]!.extensions!.unmetItems as Array<{ key: string }>).map((item) => item.key)).toEqual(['nftSetup']);
    expect(await requestRows(partner.accountId)).toHaveLength(0);

    await partner.client.ok(`mutation($a: ID!) { updateNftAccount(accountId: $a, input: { isLiteNftFlowAllowed: true }) { id } }`, { a: partner.accountId });
    let status = await nft();
    expect(status.nftCommerce).toMatchObject({ isOffered: true, isReady: false });
    expect(status.checklist.at(-1)).toMatchObject({ key: 'nftSetup', state: 'actionRequired', detail: 'Deploy a collection the checkout can sell.' });
    // Setup only: a collection Rampart deployed (the minting tests deploy on the chain).
    await t.database.pool.query(
      `insert into nft_collections (account_id, name, contract_address, contract_type, network_code, chain_id, deploy_transaction_hash)
       values ($1, 'Apes', '0x5FbDB2315678afecb367f032d93F642f64180aa3', 'ERC721', 'ethereum', 31337, '0xabc')`,
      [partner.accountId],
    );
    status = await nft();
    expect(status.nftCommerce).toMatchObject({ isOffered: true, isReady: true, isEnabled: false });
    expect(status.checklist.at(-1)).toMatchObject({ key: 'nftSetup', state: 'done', route: '/developers/nft-commerce' });

    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'NftCheckout' })).requestGoLive;
    expect(request).toMatchObject({ product: 'NftCheckout', status: 'Pending' });
    expect((await kybStaff.ok(QUEUE, { p: 'NftCheckout' })).goLiveRequests.items.map((item: { id: string }) => item.id)).toContain(request.id);
    await kybStaff.ok(REVIEW, { id: request.id, s: 'Approved' });
    expect((await partner.client.ok(FLAGS, { a: partner.accountId })).account.onboardingInfo).toMatchObject({
      isOnRampEnabled: false,
      isNftCheckoutEnabled: true,
    });
    expect((await nft()).nftCommerce).toMatchObject({ isEnabled: true, goLiveStatus: 'Approved' });
    const mail = await t.smtp.waitFor(partner.email, /Go-live for NFT checkout: approved/);
    expect(mail.text).toContain('http://localhost:3000/dashboard/nft-checkout/go-live');
  });

  it('refuses a bad product by name', async () => {
    const partner = await readyPartner();
    const result = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'Helio' });
    expect(result.status).toBeLessThan(500);
    expect(result.errors?.[0]?.message).toMatch(/RampProduct/);
    expect(await requestRows(partner.accountId)).toHaveLength(0);
  });
});

describe('the staff review of a go-live request', () => {
  it('moves through the allowed transitions, needs a reason for OnHold and Rejected, and OnHold waits for the partner', async () => {
    const partner = await readyPartner();
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive;

    const noReason = await kybStaff.gql(REVIEW, { id: request.id, s: 'OnHold' });
    expect(errorCode(noReason)).toBe('BAD_USER_INPUT');
    expect(Object.keys(noReason.errors![0]!.extensions!.fields!)).toEqual(['reason']);
    const blankReason = await kybStaff.gql(REVIEW, { id: request.id, s: 'Rejected', r: '   ' });
    expect(Object.keys(blankReason.errors![0]!.extensions!.fields!)).toEqual(['reason']);
    const notAMove = await kybStaff.gql(REVIEW, { id: request.id, s: 'Pending' });
    expect(Object.keys(notAMove.errors![0]!.extensions!.fields!)).toEqual(['status']);
    expect((await requestRows(partner.accountId))[0].status).toBe('Pending');

    expect((await kybStaff.ok(REVIEW, { id: request.id, s: 'InProgress' })).updateGoLiveReview).toMatchObject({ status: 'InProgress', decidedAt: null });
    const held = (await kybStaff.ok(REVIEW, { id: request.id, s: 'OnHold', r: 'The checkout page shows an error.' })).updateGoLiveReview;
    expect(held).toMatchObject({ status: 'OnHold', reason: 'The checkout page shows an error.' });
    expect(held.decidedAt).not.toBeNull();
    expect((await productStatus(partner.client, partner.accountId)).buy).toMatchObject({
      goLiveStatus: 'OnHold',
      reason: 'The checkout page shows an error.',
      isEnabled: false,
    });

    const approveHeld = await kybStaff.gql(REVIEW, { id: request.id, s: 'Approved' });
    expect(errorCode(approveHeld)).toBe('CONFLICT');
    expect(approveHeld.errors![0]!.message).toMatch(/OnHold cannot move to Approved/);

    // Asking again puts the same request back in the queue, with the reason cleared.
    const again = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive;
    expect(again).toMatchObject({ id: request.id, status: 'Pending', reason: null, decidedAt: null });
    expect(await requestRows(partner.accountId)).toHaveLength(1);

    expect((await kybStaff.ok(REVIEW, { id: request.id, s: 'Approved' })).updateGoLiveReview.status).toBe('Approved');
    expect(errorCode(await kybStaff.gql(REVIEW, { id: request.id, s: 'Rejected', r: 'Changed my mind' }))).toBe('CONFLICT');
    const live = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect(errorCode(live)).toBe('CONFLICT');
    expect(live.errors![0]!.message).toBe('On-ramp is already live.');

    expect(errorCode(await kybStaff.gql(REVIEW, { id: '00000000-0000-4000-8000-000000000000', s: 'InProgress' }))).toBe('NOT_FOUND');
    expect(errorCode(await kybStaff.gql(REVIEW, { id: 'not-a-uuid', s: 'InProgress' }))).toBe('NOT_FOUND');
  });

  it('a rejected request stays rejected; the partner may ask again with a new request', async () => {
    const partner = await readyPartner();
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OffRamp' })).requestGoLive;
    await kybStaff.ok(REVIEW, { id: request.id, s: 'Rejected', r: 'Off-ramp is not offered for this use case.' });
    expect((await productStatus(partner.client, partner.accountId)).sell).toMatchObject({
      goLiveStatus: 'Rejected',
      reason: 'Off-ramp is not offered for this use case.',
      isEnabled: false,
    });
    const next = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OffRamp' })).requestGoLive;
    expect(next.id).not.toBe(request.id);
    expect((await requestRows(partner.accountId)).map((row) => row.status)).toEqual(['Rejected', 'Pending']);
  });

  it('approval enables exactly that product, delivers account_reviewed and e-mails the administrators at each decision', async () => {
    const partner = await readyPartner();
    const receiver = await startWebhookReceiver();
    await partner.client.ok(`mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: ["account_reviewed"]) { id } }`, {
      a: partner.accountId,
      u: receiver.url,
    });
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OffRamp' })).requestGoLive;

    await kybStaff.ok(REVIEW, { id: request.id, s: 'InProgress' });
    const reviewing = await t.smtp.waitFor(partner.email, /Go-live for Off-ramp: in review/);
    expect(reviewing.text).toMatch(/testing instructions are now locked/);

    await kybStaff.ok(REVIEW, { id: request.id, s: 'OnHold', r: 'Add a refund policy page.' });
    const held = await t.smtp.waitFor(partner.email, /Go-live for Off-ramp: on hold/);
    expect(held.text).toContain('Reason: Add a refund policy page.');
    expect(held.text).toContain('http://localhost:3000/dashboard/off-ramp/go-live');

    await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OffRamp' });
    const approved = (await kybStaff.ok(REVIEW, { id: request.id, s: 'Approved' })).updateGoLiveReview;
    expect(approved.status).toBe('Approved');
    expect((await partner.client.ok(FLAGS, { a: partner.accountId })).account.onboardingInfo).toEqual({
      isOnRampEnabled: false,
      isOffRampEnabled: true,
      isSwapsEnabled: false,
      isNftCheckoutEnabled: false,
    });
    const status = await productStatus(partner.client, partner.accountId);
    expect(status.sell).toMatchObject({ isEnabled: true, goLiveStatus: 'Approved', reason: null });
    expect(status.buy.isEnabled).toBe(false);
    const mail = await t.smtp.waitFor(partner.email, /Go-live for Off-ramp: approved/);
    expect(mail.text).toMatch(/Off-ramp is now enabled/);

    await receiver.waitFor((all) => all.filter((hook) => hook.body.data.status === 'Approved').length === 1);
    const events = receiver.received.map((hook) => hook.body);
    expect(events.every((event) => event.type === 'account_reviewed')).toBe(true);
    expect(events.map((event) => event.data.status)).toEqual(expect.arrayContaining(['InProgress', 'OnHold', 'Approved']));
    expect(events.find((event) => event.data.status === 'Approved')!.data).toMatchObject({
      accountId: partner.accountId,
      reviewType: 'goLive',
      goLiveRequestId: request.id,
      product: 'OffRamp',
      isProductEnabled: true,
      liveMode: false,
    });
    await receiver.close();
  });

  it('the queue lists requests newest first with account and organization names, filtered by status and product', async () => {
    const first = await readyPartner();
    const second = await readyPartner();
    const a = (await first.client.ok(REQUEST_GO_LIVE, { a: first.accountId, p: 'Swaps' })).requestGoLive;
    const b = (await second.client.ok(REQUEST_GO_LIVE, { a: second.accountId, p: 'Swaps' })).requestGoLive;
    const c = (await second.client.ok(REQUEST_GO_LIVE, { a: second.accountId, p: 'OnRamp' })).requestGoLive;
    await kybStaff.ok(REVIEW, { id: a.id, s: 'InProgress' });

    const pendingSwaps = (await kybStaff.ok(QUEUE, { s: ['Pending'], p: 'Swaps', take: 100 })).goLiveRequests;
    const ids = pendingSwaps.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(b.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(c.id);
    expect(pendingSwaps.items.every((item: { status: string; product: string }) => item.status === 'Pending' && item.product === 'Swaps')).toBe(true);
    expect(pendingSwaps.totalCount).toBe(pendingSwaps.items.length);

    const all = (await kybStaff.ok(QUEUE, { take: 100 })).goLiveRequests.items as Array<{
      id: string;
      requestedAt: string;
      accountName: string;
      organizationName: string;
    }>;
    const times = all.map((item) => Date.parse(item.requestedAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(all.findIndex((item) => item.id === c.id)).toBeLessThan(all.findIndex((item) => item.id === a.id));
    expect(all.find((item) => item.id === b.id)).toMatchObject({ accountName: 'Acme Pay', organizationName: expect.stringMatching(/^Acme Payments/) });

    const page = (await kybStaff.ok(QUEUE, { skip: 1, take: 1 })).goLiveRequests;
    expect(page.items).toHaveLength(1);
    expect(page.items[0].id).toBe(all[1]!.id);
    const tooMany = await kybStaff.gql(QUEUE, { take: 101 });
    expect(errorCode(tooMany)).toBe('BAD_USER_INPUT');
    expect(Object.keys(tooMany.errors![0]!.extensions!.fields!)).toEqual(['take']);
  });
});

describe('domain reviews', () => {
  it('staff mark onboarding domains clear or rejected (with a reason) and see the account’s reviews', async () => {
    const partner = await onboardedPartner();
    expect((await partner.client.ok(FLAGS, { a: partner.accountId })).account.domainReviews).toEqual([
      { domain: 'shop.example.com', status: null, reason: null },
      { domain: 'www.acme-pay.example', status: null, reason: null },
    ]);
    const noReason = await kybStaff.gql(DOMAIN_REVIEW, { a: partner.accountId, d: 'shop.example.com', s: 'rejected' });
    expect(Object.keys(noReason.errors![0]!.extensions!.fields!)).toEqual(['reason']);
    const badStatus = await kybStaff.gql(DOMAIN_REVIEW, { a: partner.accountId, d: 'shop.example.com', s: 'approved' });
    expect(Object.keys(badStatus.errors![0]!.extensions!.fields!)).toEqual(['status']);
    const notTheirs = await kybStaff.gql(DOMAIN_REVIEW, { a: partner.accountId, d: 'evil.example.com', s: 'clear' });
    expect(notTheirs.errors![0]!.extensions!.fields).toEqual({ domain: "evil.example.com is not one of this account's websites." });
    expect(errorCode(await kybStaff.gql(DOMAIN_REVIEW, { a: '00000000-0000-4000-8000-000000000000', d: 'shop.example.com', s: 'clear' }))).toBe('NOT_FOUND');
    expect(errorCode(await kybStaff.gql(DOMAIN_REVIEW, { a: 'nope', d: 'shop.example.com', s: 'clear' }))).toBe('NOT_FOUND');

    const reviews = (await kybStaff.ok(DOMAIN_REVIEW, { a: partner.accountId, d: 'WWW.Acme-Pay.example', s: 'rejected', r: 'Gambling content.' }))
      .updateDomainReview;
    expect(reviews).toEqual([
      { domain: 'shop.example.com', status: null, reason: null },
      { domain: 'www.acme-pay.example', status: 'rejected', reason: 'Gambling content.' },
    ]);
    await kybStaff.ok(DOMAIN_REVIEW, { a: partner.accountId, d: 'shop.example.com', s: 'clear' });
    expect((await partner.client.ok(FLAGS, { a: partner.accountId })).account.domainReviews).toEqual([
      { domain: 'shop.example.com', status: 'clear', reason: null },
      { domain: 'www.acme-pay.example', status: 'rejected', reason: 'Gambling content.' },
    ]);
    const refused = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect((refused.errors![0]!.extensions!.unmetItems as Array<{ key: string }>).map((item) => item.key)).toContain('domains');
  });
});

describe('the blocked list', () => {
  it('validates entries by name, updates an entry in place, and deletes it', async () => {
    const badCountry = await compliance.gql(UPSERT_BLOCKED, { k: 'country', v: 'XX', act: 'Block', r: 'Sanctions' });
    expect(badCountry.errors![0]!.extensions!.fields).toHaveProperty('value');
    const badIndustry = await compliance.gql(UPSERT_BLOCKED, { k: 'industry', v: 'Arms dealing', act: 'Block', r: 'Policy' });
    expect(badIndustry.errors![0]!.extensions!.fields).toHaveProperty('value');
    const noReason = await compliance.gql(UPSERT_BLOCKED, { k: 'country', v: 'KP', act: 'Block', r: ' ' });
    expect(Object.keys(noReason.errors![0]!.extensions!.fields!)).toEqual(['reason']);

    const entry = (await compliance.ok(UPSERT_BLOCKED, { k: 'country', v: 'kp', act: 'Redirect', r: 'Served by a partner' })).upsertBlockedListEntry;
    expect(entry).toMatchObject({ kind: 'country', value: 'KP', action: 'Redirect' });
    const changed = (await compliance.ok(UPSERT_BLOCKED, { k: 'country', v: 'KP', act: 'Block', r: 'Sanctioned country' })).upsertBlockedListEntry;
    expect(changed).toEqual({ id: entry.id, kind: 'country', value: 'KP', action: 'Block', reason: 'Sanctioned country' });
    const list = (await compliance.ok(BLOCKED_LIST)).blockedCountriesAndIndustries as Array<{ id: string }>;
    expect(list.filter((item) => item.id === entry.id)).toHaveLength(1);

    expect((await compliance.ok(DELETE_BLOCKED, { id: entry.id })).deleteBlockedListEntry).toBe(true);
    expect(errorCode(await compliance.gql(DELETE_BLOCKED, { id: entry.id }))).toBe('NOT_FOUND');
    expect(errorCode(await compliance.gql(DELETE_BLOCKED, { id: 'x' }))).toBe('NOT_FOUND');
  });

  it('Redirect is shown but does not block; Block stops the request with its reason', async () => {
    const partner = await readyPartner({ country: 'MT', industry: 'Gaming' });
    const redirect = (await compliance.ok(UPSERT_BLOCKED, { k: 'country', v: 'MT', act: 'Redirect', r: 'Maltese partners are served by Rampart EU.' }))
      .upsertBlockedListEntry;
    expect((await partner.client.ok(BLOCKED_STATUS, { a: partner.accountId })).blockedCountryAndIndustryStatus).toEqual({
      isBlocked: false,
      country: { value: 'MT', action: 'Redirect', reason: 'Maltese partners are served by Rampart EU.' },
      industry: null,
    });
    const redirected = byKey((await productStatus(partner.client, partner.accountId)).onRamp).notBlocked;
    expect(redirected).toMatchObject({ state: 'done', detail: 'Customers are redirected — Malta: Maltese partners are served by Rampart EU.' });

    const block = (await compliance.ok(UPSERT_BLOCKED, { k: 'industry', v: 'Gaming', act: 'Block', r: 'Gaming is outside our risk appetite.' }))
      .upsertBlockedListEntry;
    const status = (await partner.client.ok(BLOCKED_STATUS, { a: partner.accountId })).blockedCountryAndIndustryStatus;
    expect(status).toMatchObject({ isBlocked: true, industry: { value: 'Gaming', action: 'Block', reason: 'Gaming is outside our risk appetite.' } });
    expect(byKey((await productStatus(partner.client, partner.accountId)).onRamp).notBlocked).toMatchObject({
      state: 'actionRequired',
      detail: 'Blocked — Gaming: Gaming is outside our risk appetite.',
    });

    const refused = await partner.client.gql(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0]!.message).toContain('Gaming is outside our risk appetite.');
    expect((refused.errors![0]!.extensions!.unmetItems as Array<{ key: string }>).map((item) => item.key)).toEqual(['notBlocked']);
    expect(await requestRows(partner.accountId)).toHaveLength(0);

    await compliance.ok(DELETE_BLOCKED, { id: block.id });
    await compliance.ok(DELETE_BLOCKED, { id: redirect.id });
    expect((await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive.status).toBe('Pending');
  });
});

describe('access', () => {
  it('another organization reaches none of the account’s go-live data or actions', async () => {
    const victim = await readyPartner();
    const request = (await victim.client.ok(REQUEST_GO_LIVE, { a: victim.accountId, p: 'OnRamp' })).requestGoLive;
    const outsider = await readyPartner();
    const attempts: Array<[string, Record<string, unknown>]> = [
      [PRODUCT_STATUS, { a: victim.accountId }],
      [INSTRUCTIONS, { a: victim.accountId }],
      [BLOCKED_STATUS, { a: victim.accountId }],
      [SUBMIT_INSTRUCTIONS, { a: victim.accountId, i: { ...GOOD_INSTRUCTIONS, steps: 'hijacked' } }],
      [REQUEST_GO_LIVE, { a: victim.accountId, p: 'Swaps' }],
      [REVIEW, { id: request.id, s: 'Approved' }],
      [QUEUE, {}],
      [DOMAIN_REVIEW, { a: victim.accountId, d: 'shop.example.com', s: 'clear' }],
      [UPSERT_BLOCKED, { k: 'country', v: 'DE', act: 'Block', r: 'x' }],
      [BLOCKED_LIST, {}],
    ];
    for (const [query, variables] of attempts) {
      const result = await outsider.client.gql(query, variables);
      expect(errorCode(result), query.slice(0, 60)).toBe('FORBIDDEN_ERROR');
      // A nullable field answers null beside its error; nothing of the victim's comes back.
      expect(Object.values(result.data ?? {}).every((value) => value === null)).toBe(true);
    }
    expect((await victim.client.ok(INSTRUCTIONS, { a: victim.accountId })).testingInstructions.steps).toBe(GOOD_INSTRUCTIONS.steps);
    expect((await requestRows(victim.accountId)).map((row) => [row.product, row.status])).toEqual([['OnRamp', 'Pending']]);
  });

  it('a developer reads the checklist but cannot submit or request; staff without the KYB permissions cannot decide', async () => {
    const developer = await accountWithMember(t, { role: 'developer' });
    expect((await productStatus(developer.client, developer.accountId)).accountId).toBe(developer.accountId);
    expect(errorCode(await developer.client.gql(SUBMIT_INSTRUCTIONS, { a: developer.accountId, i: GOOD_INSTRUCTIONS }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await developer.client.gql(REQUEST_GO_LIVE, { a: developer.accountId, p: 'OnRamp' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await developer.client.gql(BLOCKED_STATUS, { a: developer.accountId }))).toBe('FORBIDDEN_ERROR');

    const partner = await readyPartner();
    const request = (await partner.client.ok(REQUEST_GO_LIVE, { a: partner.accountId, p: 'OnRamp' })).requestGoLive;
    const support = (await signedInUser(t, { adminRole: 'SupportAgentTier1' })).client;
    expect(errorCode(await support.gql(REVIEW, { id: request.id, s: 'Approved' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await kybStaff.gql(UPSERT_BLOCKED, { k: 'country', v: 'DE', act: 'Block', r: 'x' }))).toBe('FORBIDDEN_ERROR');
    expect((await requestRows(partner.accountId))[0].status).toBe('Pending');
  });
});
