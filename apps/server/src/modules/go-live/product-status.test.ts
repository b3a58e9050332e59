import { describe, expect, it } from 'vitest';
import type { DomainReviewRow, GoLiveRequestRow } from './go-live.repository.ts';
import {
  checklist,
  domainCheck,
  integrationItem,
  kybItem,
  listedDomains,
  notBlockedItem,
  productStatusView,
  rampSetupItem,
  readinessOf,
  type KybStatusOfAccount,
  type ProductStatusFacts,
} from './product-status.ts';

// The pieces of productStatus (go-live.service.ts), from facts written here; go-live.test.ts asks the GraphQL API for
// the whole view of accounts set up in PostgreSQL.

const verification = (status: KybStatusOfAccount['status'], reason: string | null = null): KybStatusOfAccount => ({
  status,
  level: 'Basic',
  reason,
  country: 'DE',
  industry: null,
  updatedAt: null,
});

const review = (domain: string, status: 'clear' | 'rejected', reason: string | null = null): DomainReviewRow => ({
  id: domain,
  accountId: 'a',
  domain,
  status,
  reason,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

const request = (product: GoLiveRequestRow['product'], status: GoLiveRequestRow['status'], reason: string | null = null): GoLiveRequestRow => ({
  id: product,
  accountId: 'a',
  product,
  status,
  reason,
  testingInstructions: null,
  requestedByUserId: null,
  requestedAt: new Date(0),
  decidedByUserId: null,
  decidedAt: null,
  updatedAt: new Date(0),
});

/** An account with everything required done, and nothing optional. */
const ready = (over: Partial<ProductStatusFacts> = {}): ProductStatusFacts => ({
  accountId: 'a',
  account: {
    onboardingInfo: { isOnRampEnabled: true },
    onboardingDetails: { websiteUrls: ['https://Shop.example/buy'] } as ProductStatusFacts['account']['onboardingDetails'],
    hasConfiguredBuyFees: false,
    hasConfiguredSellFees: false,
  },
  subscriptionPlanType: 'Free',
  verification: verification('Approved'),
  domainReviews: [],
  integrationDomains: [],
  hasPayout: false,
  hasTestingInstructions: true,
  requests: [],
  blocked: { country: null, industry: null },
  helio: { status: null, wallets: 0 },
  nft: { flowOn: false, deployedCollections: 0 },
  ...over,
});

describe('listedDomains and domainCheck', () => {
  it('lists each website host and widget domain once, lower-cased, skipping what is not a URL', () => {
    expect(listedDomains(['https://Shop.example/a', 'https://shop.example/b', 'not a url'], ['app.example', 'shop.example'])).toEqual([
      'shop.example',
      'app.example',
    ]);
  });

  it.each([
    ['none listed', [], [], { domainsSet: false, detail: 'Add the websites where you will offer Rampart.' }],
    ['listed and cleared', ['a.example'], [review('a.example', 'clear')], { domainsSet: true, detail: null }],
    ['a rejection of a domain no longer listed', ['a.example'], [review('old.example', 'rejected', 'gone')], { domainsSet: true, detail: null }],
    [
      'listed domains rejected',
      ['a.example', 'b.example'],
      [review('a.example', 'rejected', 'gambling'), review('b.example', 'rejected')],
      { domainsSet: false, detail: 'a.example was rejected: gambling; b.example was rejected: no reason given' },
    ],
  ])('%s', (_, domains, reviews, expected) => {
    expect(domainCheck([], domains, reviews)).toEqual(expected);
  });
});

describe('kybItem', () => {
  it.each([
    ['Approved', null, { state: 'done', detail: null }],
    ['Pending', null, { state: 'pending', detail: 'Submitted and waiting for Rampart to review it.' }],
    ['InProgress', null, { state: 'pending', detail: 'Rampart is reviewing your application.' }],
    ['OnHold', 'send the register extract', { state: 'actionRequired', detail: 'On hold: send the register extract' }],
    ['OnHold', null, { state: 'actionRequired', detail: 'On hold: Rampart needs more information.' }],
    ['Rejected', null, { state: 'actionRequired', detail: 'Rejected: contact Rampart support.' }],
    ['NotStarted', null, { state: 'actionRequired', detail: 'Complete and submit your business verification.' }],
  ] as const)('%s (%s)', (status, reason, expected) => {
    expect(kybItem(verification(status, reason))).toEqual(expected);
  });
});

describe('notBlockedItem', () => {
  it('is done without a match, says a redirect, and requires action on a block', () => {
    const redirect = { value: 'gaming', action: 'Redirect', reason: 'served by a partner' };
    const block = { value: 'KP', action: 'Block', reason: 'sanctioned' };
    expect(notBlockedItem({ country: null, industry: null })).toMatchObject({ state: 'done', detail: null, requiredToGoLive: true });
    expect(notBlockedItem({ country: null, industry: redirect })).toMatchObject({
      state: 'done',
      detail: 'Customers are redirected — gaming: served by a partner',
    });
    expect(notBlockedItem({ country: block, industry: redirect })).toMatchObject({ state: 'actionRequired', detail: 'Blocked — North Korea: sanctioned' });
  });
});

describe('rampSetupItem and integrationItem', () => {
  const account = ready().account;

  it('names what is missing for the product’s side, and where to do it', () => {
    expect(rampSetupItem('OffRamp', account)).toMatchObject({
      state: 'pending',
      detail: 'Choose the cryptocurrencies you offer for selling; set your partner fee for selling (0 % if you charge none).',
      route: '/dashboard/off-ramp/cryptos',
    });
    expect(rampSetupItem('OnRamp', { ...account, onboardingInfo: { areCurrenciesConfigured: true }, hasConfiguredBuyFees: true })).toMatchObject({
      state: 'done',
      detail: null,
      route: '/dashboard/on-ramp/fees',
    });
    expect(rampSetupItem('Swaps', account)).toMatchObject({ state: 'notApplicable', route: null });
  });

  it('asks for the widget URL and the domains until both are recorded', () => {
    expect(integrationItem('Swaps', { isWidgetUrlBuilt: true })).toMatchObject({
      state: 'pending',
      detail: 'Record the domains where you embed the widget.',
      route: '/dashboard/swaps/integrate',
    });
    expect(integrationItem('OnRamp', { isWidgetUrlBuilt: true, areDomainsConfigured: true })).toMatchObject({ state: 'done', detail: null });
  });
});

describe('checklist and readiness', () => {
  it('lists the items in the dashboard’s order; only the required ones decide readiness', () => {
    const items = checklist('OnRamp', ready());
    expect(items.map((item) => [item.key, item.state, item.requiredToGoLive])).toEqual([
      ['kyb', 'done', true],
      ['domains', 'done', true],
      ['paymentDetails', 'pending', false],
      ['testingInstructions', 'done', true],
      ['subscription', 'pending', false],
      ['notBlocked', 'done', true],
      ['rampSetup', 'pending', false],
      ['integration', 'pending', false],
    ]);
    expect(readinessOf('OnRamp', items, ready())).toEqual({ isReady: true, isEnabled: true, isOffered: true, goLiveStatus: 'NotStarted', reason: null });
  });

  it('takes the status of the product’s newest request, with its reason only when on hold or rejected', () => {
    const facts = ready({ requests: [request('OffRamp', 'Rejected', 'no licence'), request('OnRamp', 'Approved', 'old note')] });
    expect(readinessOf('OffRamp', [], facts)).toMatchObject({ goLiveStatus: 'Rejected', reason: 'no licence', isEnabled: false });
    expect(readinessOf('OnRamp', [], facts)).toMatchObject({ goLiveStatus: 'Approved', reason: null });
  });
});

describe('productStatusView', () => {
  it('is not ready while a required item is open; Helio needs an active account and a wallet', () => {
    const view = productStatusView(
      ready({
        hasTestingInstructions: false,
        subscriptionPlanType: 'Pro',
        account: { ...ready().account, onboardingInfo: { isNftCheckoutEnabled: true } },
        helio: { status: 'active', wallets: 1 },
      }),
    );
    expect(view.shared).toEqual({
      domainsSet: true,
      hasProvidedPaymentDetails: false,
      subjectToSubscription: true,
      providedTestingInstructions: false,
      suitabilityReviewStatus: 'Approved',
    });
    expect([view.buy.isReady, view.sell.isReady, view.swaps.isReady, view.nftCommerce]).toEqual([
      false,
      false,
      false,
      { isReady: false, isEnabled: true, isOffered: true, goLiveStatus: 'NotStarted', reason: null },
    ]);
    expect(view.helio).toEqual({ isReady: true, isEnabled: true, isOffered: true, goLiveStatus: 'NotStarted', reason: null });
    expect(productStatusView(ready({ helio: { status: 'active', wallets: 0 } })).helio.isReady).toBe(false);
  });

  it('offers NFT checkout once chosen in onboarding, a flow is on or it is enabled; ready with a flow and a deployed collection', () => {
    const details = ready().account.onboardingDetails!;
    const offered = (over: Partial<ProductStatusFacts>) => productStatusView(ready(over)).nftCommerce.isOffered;
    expect(offered({})).toBe(false);
    expect(offered({ account: { ...ready().account, onboardingDetails: { ...details, productInterests: ['OnRamp', 'NftCheckout'] } } })).toBe(true);
    expect(offered({ nft: { flowOn: true, deployedCollections: 0 } })).toBe(true);
    expect(offered({ account: { ...ready().account, onboardingInfo: { isNftCheckoutEnabled: true } } })).toBe(true);
    expect(productStatusView(ready()).buy.isOffered).toBe(true);

    // The shared items, then NFT checkout's own set-up instead of the ramp's currencies, fees and widget URL.
    const items = checklist('NftCheckout', ready({ nft: { flowOn: false, deployedCollections: 0 } }));
    expect(items.map((item) => item.key)).toEqual(['kyb', 'domains', 'paymentDetails', 'testingInstructions', 'subscription', 'notBlocked', 'nftSetup']);
    expect(items[0]!.route).toBe('/dashboard/nft-checkout/kyb');
    expect(items.at(-1)).toEqual({
      key: 'nftSetup',
      label: 'NFT checkout: a flow and a collection',
      state: 'actionRequired',
      detail: 'Turn on the lite or the NFT-commerce flow; deploy a collection the checkout can sell.',
      route: '/developers/nft-commerce',
      requiredToGoLive: true,
    });
    expect(productStatusView(ready({ nft: { flowOn: true, deployedCollections: 0 } })).nftCommerce.isReady).toBe(false);
    expect(checklist('NftCheckout', ready({ nft: { flowOn: true, deployedCollections: 0 } })).at(-1)!.detail).toBe(
      'Deploy a collection the checkout can sell.',
    );
    expect(productStatusView(ready({ nft: { flowOn: true, deployedCollections: 1 } })).nftCommerce).toMatchObject({ isReady: true, isEnabled: false });
  });
});
