// The go-live checklist and each product's readiness, as pure functions of what go-live.service.ts's productStatus
// reads about the account: one function per checklist item, then the view.
import { countryName, type OnboardingInfoInput } from '@rampart/shared/onboarding';
import { PRODUCT_ROUTE_SEGMENTS } from '@rampart/shared/go-live';
import type { SubscriptionPlan } from '@rampart/shared/enums';
import type { ReviewStatusValue } from '../../generated/graphql.ts';
import type { DomainReviewRow, GoLiveRequestRow, RampProduct } from './go-live.repository.ts';

/** What the KYB module tells about an account's business verification (services.kyb.statusOfAccount). */
export interface KybStatusOfAccount {
  status: ReviewStatusValue;
  level: 'Basic' | 'Enhanced';
  reason: string | null;
  country: string | null;
  industry: string | null;
  updatedAt: Date | null;
}

export type ChecklistItemState = 'done' | 'pending' | 'actionRequired' | 'notApplicable';
export interface ChecklistItem {
  key: string;
  label: string;
  state: ChecklistItemState;
  detail: string | null;
  route: string | null;
  requiredToGoLive: boolean;
}
export interface ProductReadiness {
  isReady: boolean;
  isEnabled: boolean;
  isOffered: boolean;
  goLiveStatus: ReviewStatusValue;
  reason: string | null;
}
export interface ProductStatusView {
  accountId: string;
  shared: {
    domainsSet: boolean;
    hasProvidedPaymentDetails: boolean;
    subjectToSubscription: boolean;
    providedTestingInstructions: boolean;
    suitabilityReviewStatus: ReviewStatusValue;
  };
  buy: ProductReadiness;
  sell: ProductReadiness;
  swaps: ProductReadiness;
  nftCommerce: ProductReadiness;
  helio: ProductReadiness;
  checklists: Record<RampProduct, ChecklistItem[]>;
}

/** A blocked-list entry the account's country or industry matches. */
export interface BlockedMatch {
  value: string;
  action: string;
  reason: string;
}

/** Everything productStatus reads about an account. */
export interface ProductStatusFacts {
  accountId: string;
  account: {
    onboardingInfo: Record<string, boolean>;
    onboardingDetails: OnboardingInfoInput | null;
    hasConfiguredBuyFees: boolean;
    hasConfiguredSellFees: boolean;
  };
  subscriptionPlanType: SubscriptionPlan;
  verification: KybStatusOfAccount;
  domainReviews: DomainReviewRow[];
  integrationDomains: string[];
  hasPayout: boolean;
  hasTestingInstructions: boolean;
  /** The newest request of each product. */
  requests: GoLiveRequestRow[];
  blocked: { country: BlockedMatch | null; industry: BlockedMatch | null };
  helio: { status: string | null; wallets: number };
  /** NFT checkout: whether a flow is on (lite or NFT commerce) and how many collections Rampart deployed. */
  nft: { flowOn: boolean; deployedCollections: number };
}

/** The onboardingInfo flag approval turns on; nothing else writes these. */
export const PRODUCT_FLAGS: Record<RampProduct, 'isOnRampEnabled' | 'isOffRampEnabled' | 'isSwapsEnabled' | 'isNftCheckoutEnabled'> = {
  OnRamp: 'isOnRampEnabled',
  OffRamp: 'isOffRampEnabled',
  Swaps: 'isSwapsEnabled',
  NftCheckout: 'isNftCheckoutEnabled',
};

/**
 * Whether the account takes the product up. The ramp products always; NFT checkout once the partner chose it in
 * onboarding, turned on a flow under Developers › NFT commerce, or it is enabled — the accounts that get its checklist.
 */
export function isOffered(product: RampProduct, facts: Pick<ProductStatusFacts, 'account' | 'nft'>): boolean {
  if (product !== 'NftCheckout') return true;
  return (
    Boolean(facts.account.onboardingInfo.isNftCheckoutEnabled) ||
    (facts.account.onboardingDetails?.productInterests ?? []).includes('NftCheckout') ||
    facts.nft.flowOn
  );
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** An item not required to go live: done once no step is missing, else pending with the missing steps as a sentence. */
function stepsItem(key: string, label: string, steps: Array<string | null>, route: string): ChecklistItem {
  const missing = steps.filter((each): each is string => each !== null);
  const detail = missing.length ? `${missing.join('; ').replace(/^./, (first) => first.toUpperCase())}.` : null;
  return { key, label, state: missing.length ? 'pending' : 'done', detail, route, requiredToGoLive: false };
}

/** Done when `done` (with `doneDetail`); else `otherwise`, with what is missing. */
function doneWhen(done: boolean, otherwise: ChecklistItemState, missing: string, doneDetail: string | null = null): Pick<ChecklistItem, 'state' | 'detail'> {
  return done ? { state: 'done', detail: doneDetail } : { state: otherwise, detail: missing };
}

/** The domains the partner lists now: its websites' and its widget integrations'. */
export function listedDomains(websiteUrls: string[], integrationDomains: string[]): string[] {
  return [...new Set([...websiteUrls.map(hostnameOf), ...integrationDomains].filter((host): host is string => Boolean(host)))];
}

/** Whether the listed domains are set: some listed, none rejected by staff (a domain counts until rejected). */
export function domainCheck(websiteUrls: string[], integrationDomains: string[], reviews: DomainReviewRow[]) {
  const hostnames = listedDomains(websiteUrls, integrationDomains);
  const rejected = reviews.filter((review) => review.status === 'rejected' && hostnames.includes(review.domain));
  const detail =
    hostnames.length === 0
      ? 'Add the websites where you will offer Rampart.'
      : rejected.length
        ? rejected.map((review) => `${review.domain} was rejected: ${review.reason ?? 'no reason given'}`).join('; ')
        : null;
  return { domainsSet: hostnames.length > 0 && rejected.length === 0, detail };
}

export function kybItem(verification: KybStatusOfAccount): Pick<ChecklistItem, 'state' | 'detail'> {
  switch (verification.status) {
    case 'Approved':
      return { state: 'done', detail: null };
    case 'Pending':
      return { state: 'pending', detail: 'Submitted and waiting for Rampart to review it.' };
    case 'InProgress':
      return { state: 'pending', detail: 'Rampart is reviewing your application.' };
    case 'OnHold':
      return { state: 'actionRequired', detail: `On hold: ${verification.reason ?? 'Rampart needs more information.'}` };
    case 'Rejected':
      return { state: 'actionRequired', detail: `Rejected: ${verification.reason ?? 'contact Rampart support.'}` };
    case 'Draft':
      return { state: 'actionRequired', detail: 'In progress: complete every step of your business verification, then submit it.' };
    default:
      return { state: 'actionRequired', detail: 'Complete and submit your business verification.' };
  }
}

/** Blocked when the country or industry is on the blocked list as Block; a Redirect entry is only said. */
export function notBlockedItem(blocked: ProductStatusFacts['blocked']): ChecklistItem {
  const matches = [blocked.country, blocked.industry];
  const blockedMatch = matches.find((match) => match?.action === 'Block');
  const redirectMatch = matches.find((match) => match?.action === 'Redirect');
  const describe = (match: BlockedMatch) => `${match === blocked.country ? countryName(match.value) : match.value}: ${match.reason}`;
  return {
    key: 'notBlocked',
    label: 'Not blocked',
    state: blockedMatch ? 'actionRequired' : 'done',
    detail: blockedMatch ? `Blocked — ${describe(blockedMatch)}` : redirectMatch ? `Customers are redirected — ${describe(redirectMatch)}` : null,
    route: null,
    requiredToGoLive: true,
  };
}

/** NFT checkout's set-up: a flow on and a collection the checkout can sell; a reviewer cannot test a purchase without them. */
export function nftSetupItem(nft: ProductStatusFacts['nft']): ChecklistItem {
  const missing = [
    nft.flowOn ? null : 'turn on the lite or the NFT-commerce flow',
    nft.deployedCollections > 0 ? null : 'deploy a collection the checkout can sell',
  ].filter((each): each is string => each !== null);
  return {
    key: 'nftSetup',
    label: 'NFT checkout: a flow and a collection',
    ...doneWhen(missing.length === 0, 'actionRequired', `${missing.join('; ').replace(/^./, (first) => first.toUpperCase())}.`),
    route: '/developers/nft-commerce',
    requiredToGoLive: true,
  };
}

/** Currencies chosen and the partner fee set for the product's side (buy or sell); Swaps need neither. */
export function rampSetupItem(product: Exclude<RampProduct, 'NftCheckout'>, account: ProductStatusFacts['account']): ChecklistItem {
  const label = 'Ramp setup: currencies and fees';
  if (product === 'Swaps') {
    return { key: 'rampSetup', label, state: 'notApplicable', detail: 'Swaps need no currency or fee setup.', route: null, requiredToGoLive: false };
  }
  const currencies = Boolean(account.onboardingInfo.areCurrenciesConfigured);
  const fees = product === 'OnRamp' ? account.hasConfiguredBuyFees : account.hasConfiguredSellFees;
  const side = product === 'OnRamp' ? 'buying' : 'selling';
  return stepsItem(
    'rampSetup',
    label,
    [currencies ? null : `choose the cryptocurrencies you offer for ${side}`, fees ? null : `set your partner fee for ${side} (0 % if you charge none)`],
    `/dashboard/${PRODUCT_ROUTE_SEGMENTS[product]}/${currencies ? 'fees' : 'cryptos'}`,
  );
}

/** The widget URL built and the domains (or apps) where it is embedded recorded. */
export function integrationItem(product: Exclude<RampProduct, 'NftCheckout'>, flags: Record<string, boolean>): ChecklistItem {
  return stepsItem(
    'integration',
    'Integration: widget URL and domains',
    [flags.isWidgetUrlBuilt ? null : 'build your widget URL', flags.areDomainsConfigured ? null : 'record the domains where you embed the widget'],
    `/dashboard/${PRODUCT_ROUTE_SEGMENTS[product]}/integrate`,
  );
}

const domainsOf = (facts: ProductStatusFacts) => domainCheck(facts.account.onboardingDetails?.websiteUrls ?? [], facts.integrationDomains, facts.domainReviews);

/** The product's go-live checklist, in the order the dashboard shows it. */
export function checklist(product: RampProduct, facts: ProductStatusFacts): ChecklistItem[] {
  const segment = PRODUCT_ROUTE_SEGMENTS[product];
  const domains = domainsOf(facts);
  const { hasPayout, hasTestingInstructions, subscriptionPlanType } = facts;
  return [
    { key: 'kyb', label: 'Business verification (KYB) approved', ...kybItem(facts.verification), route: `/dashboard/${segment}/kyb`, requiredToGoLive: true },
    {
      key: 'domains',
      label: 'Domains set and cleared',
      state: domains.domainsSet ? 'done' : 'actionRequired',
      detail: domains.detail,
      route: '/onboarding',
      requiredToGoLive: true,
    },
    {
      key: 'paymentDetails',
      label: 'Payment details provided',
      ...doneWhen(hasPayout, 'pending', 'Not required to request go-live; add a payout wallet to receive your affiliate payouts.'),
      route: '/developers/payouts',
      requiredToGoLive: false,
    },
    {
      key: 'testingInstructions',
      label: 'Testing instructions provided',
      ...doneWhen(hasTestingInstructions, 'actionRequired', 'Tell Rampart’s reviewers how to test your integration.'),
      route: `/dashboard/${segment}/go-live#testing`,
      requiredToGoLive: true,
    },
    {
      key: 'subscription',
      label: 'Subscription',
      ...doneWhen(
        subscriptionPlanType !== 'Free',
        'pending',
        'Free plan: a paid plan is not required to request go-live; choose one under Subscribe when you need it.',
        `${subscriptionPlanType} plan`,
      ),
      route: `/dashboard/${segment}/subscribe`,
      requiredToGoLive: false,
    },
    notBlockedItem(facts.blocked),
    // NFT checkout is set up under Developers › NFT commerce; its link is the collection's, so no widget URL to build.
    ...(product === 'NftCheckout'
      ? [nftSetupItem(facts.nft)]
      : [rampSetupItem(product, facts.account), integrationItem(product, facts.account.onboardingInfo)]),
  ];
}

/** Ready when every item required to go live is done. */
export const isReady = (items: ChecklistItem[]) => items.every((item) => !item.requiredToGoLive || item.state === 'done');

/** A product's readiness: its checklist, its flag, and its newest go-live request. */
export function readinessOf(product: RampProduct, items: ChecklistItem[], facts: ProductStatusFacts): ProductReadiness {
  const latest = facts.requests.find((request) => request.product === product);
  return {
    isReady: isReady(items),
    isEnabled: Boolean(facts.account.onboardingInfo[PRODUCT_FLAGS[product]]),
    isOffered: isOffered(product, facts),
    goLiveStatus: latest?.status ?? 'NotStarted',
    reason: latest && (latest.status === 'OnHold' || latest.status === 'Rejected') ? latest.reason : null,
  };
}

export function productStatusView(facts: ProductStatusFacts): ProductStatusView {
  const checklists = {
    OnRamp: checklist('OnRamp', facts),
    OffRamp: checklist('OffRamp', facts),
    Swaps: checklist('Swaps', facts),
    NftCheckout: checklist('NftCheckout', facts),
  };
  const notBuilt: ProductReadiness = { isReady: false, isEnabled: false, isOffered: false, goLiveStatus: 'NotStarted', reason: null };
  return {
    accountId: facts.accountId,
    shared: {
      domainsSet: domainsOf(facts).domainsSet,
      hasProvidedPaymentDetails: facts.hasPayout,
      subjectToSubscription: facts.subscriptionPlanType !== 'Free',
      providedTestingInstructions: facts.hasTestingInstructions,
      suitabilityReviewStatus: facts.verification.status,
    },
    buy: readinessOf('OnRamp', checklists.OnRamp, facts),
    sell: readinessOf('OffRamp', checklists.OffRamp, facts),
    swaps: readinessOf('Swaps', checklists.Swaps, facts),
    nftCommerce: readinessOf('NftCheckout', checklists.NftCheckout, facts),
    // Commerce: enabled once the Helio merchant account is active, ready once it also has a payout wallet.
    helio: {
      ...notBuilt,
      isOffered: facts.helio.status !== null,
      isEnabled: facts.helio.status === 'active',
      isReady: facts.helio.status === 'active' && facts.helio.wallets > 0,
    },
    checklists,
  };
}
