// Route constants of spec §2. Screens link through these, never through string literals.

export const ROUTES = {
  root: '/',
  login: '/login',
  oktaCallback: '/login/okta_callback',
  oktaVerification: '/login/okta_verification',
  signup: '/signup',
  signupComplete: '/signup/complete',
  reset2fa: '/reset_2fa',
  resetPassword: '/reset_password',
  reset: '/reset',
  setNewPassword: '/set_new_password',
  terms: '/terms',
  register: '/register',
  onboarding: '/onboarding',
  setup2fa: '/setup_2fa',
  confirmEmail: '/confirm_email',
  theme: '/theme',
  dashboard: '/dashboard',
  onRamp: '/dashboard/on-ramp',
  offRamp: '/dashboard/off-ramp',
  swaps: '/dashboard/swaps',
  /** NFT checkout's business verification and go-live pages (its set-up is under Developers › NFT commerce). */
  nftCheckout: '/dashboard/nft-checkout',
  /** Another address of balanceDeposits (spec §2 has both): the router sends it there. */
  deposits: '/dashboard/deposits',
  balanceDeposits: '/dashboard/balance/deposits',
  /** Another address of balanceWithdrawals: the router sends it there. */
  withdrawals: '/dashboard/withdrawals',
  balanceWithdrawals: '/dashboard/balance/withdrawals',
  commerce: '/commerce',
  helio: '/helio',
  /** The built-in stand-in for Helio's hosted onboarding (`/:token`), outside the app shell. */
  sandboxHelioOnboarding: '/sandbox/helio/onboarding',
  developers: '/developers',
  profile: '/profile',
  transactions: '/transactions',
  customers: '/customers',
  passes: '/passes',
  passesProjects: '/passes/projects',
  team: '/team',
  subscription: '/subscription',
  analytics: '/analytics',
  quarterlyReview: '/quarterly-review',
  profileGeneral: '/profile/general',
  profileSecurity: '/profile/security',
  adminAudit: '/admin/audit',
  adminOrganizations: '/admin/organizations',
  adminOrganizationNew: '/admin/organizations/new',
  adminKyb: '/admin/kyb',
  adminKybGoLive: '/admin/kyb/go-live',
  adminBlocked: '/admin/blocked',
  adminStaff: '/admin/staff',
  adminCurrencies: '/admin/currencies',
  adminWallets: '/admin/wallets',
  adminFeatureFlags: '/admin/feature-flags',
  adminCustomers: '/admin/customers',
  adminEdd: '/admin/edd',
  adminPricing: '/admin/pricing',
  adminPaymentMethods: '/admin/payment-methods',
  adminSupport: '/admin/support',
  /** The built-in billing sandbox's hosted pages (issue 15), outside the shell: /…/checkout/:sessionId, /…/portal/:sessionId. */
  sandboxBillingCheckout: '/sandbox/billing/checkout',
  sandboxBillingPortal: '/sandbox/billing/portal',
  /** A printable invoice: /billing/invoices/:id. */
  billingInvoices: '/billing/invoices',
} as const;

/** Pages the API server renders itself, outside the app (a full page load, e.g. in a new tab). */
export const SERVER_PAGES = {
  /** The REST API reference (Scalar on /v1/openapi.json): apps/server/src/modules/public-api/reference-page.ts. */
  apiReference: '/docs/api',
} as const;

/** The ramp products with their own KYB and go-live pages (`<base>/kyb`, `<base>/go-live`). */
export const RAMP_PRODUCT_ROUTES = [
  { product: 'OnRamp', base: ROUTES.onRamp },
  { product: 'OffRamp', base: ROUTES.offRamp },
  { product: 'Swaps', base: ROUTES.swaps },
] as const;
export type RampProductKey = (typeof RAMP_PRODUCT_ROUTES)[number]['product'];

/** The products with a go-live review: the ramp products and NFT checkout (RampProduct on the server). */
export const GO_LIVE_PRODUCT_ROUTES = [...RAMP_PRODUCT_ROUTES, { product: 'NftCheckout', base: ROUTES.nftCheckout }] as const;
export type GoLiveProductKey = (typeof GO_LIVE_PRODUCT_ROUTES)[number]['product'];

/** Where NFT checkout is set up: its flows, collections and checkout links. */
export const NFT_COMMERCE_PATH = `${ROUTES.developers}/nft-commerce`;

function productBase(product: GoLiveProductKey): string {
  return GO_LIVE_PRODUCT_ROUTES.find((entry) => entry.product === product)!.base;
}

export function kybPath(product: GoLiveProductKey): string {
  return `${productBase(product)}/kyb`;
}

export function goLivePath(product: GoLiveProductKey): string {
  return `${productBase(product)}/go-live`;
}

/** The plans page in a product's context (spec §2 /dashboard/{product}/subscribe). */
export function subscribePath(product: GoLiveProductKey): string {
  return `${productBase(product)}/subscribe`;
}

/** The ramp set-up pages of spec §2: cryptos and fees (on-ramp, off-ramp), integrate (all three). */
export type RampSection = 'cryptos' | 'fees' | 'integrate';
export const RAMP_SECTIONS: Record<RampProductKey, readonly RampSection[]> = {
  OnRamp: ['cryptos', 'fees', 'integrate'],
  OffRamp: ['cryptos', 'fees', 'integrate'],
  Swaps: ['integrate'],
};

export function rampSectionPath(product: RampProductKey, section: RampSection): string {
  return `${RAMP_PRODUCT_ROUTES.find((entry) => entry.product === product)!.base}/${section}`;
}

/** The getting-started guide: a card on /dashboard (opened by this anchor from the user menu). */
export const GETTING_STARTED_ANCHOR = 'getting-started';
export const GETTING_STARTED_HREF = `${ROUTES.dashboard}#${GETTING_STARTED_ANCHOR}`;

/** Paths on which no page-view event is sent (spec §2). */
export const PAGE_VIEW_EXCLUDED_PATHS: readonly string[] = [ROUTES.resetPassword, ROUTES.reset, ROUTES.setNewPassword, ROUTES.reset2fa];

/** Public screens: an UNAUTHENTICATED answer on them does not bounce the visitor to /login. */
export const PUBLIC_PATHS: readonly string[] = [
  ROUTES.login,
  ROUTES.oktaCallback,
  ROUTES.oktaVerification,
  ROUTES.signup,
  ROUTES.signupComplete,
  ROUTES.reset2fa,
  ROUTES.resetPassword,
  ROUTES.reset,
  ROUTES.setNewPassword,
  ROUTES.terms,
  ROUTES.register,
];

/** Public screens under a prefix: the built-in Helio onboarding page carries its token in the path and needs no session. */
export const PUBLIC_PATH_PREFIXES: readonly string[] = ['/sandbox/helio/'];

export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(normalized) || PUBLIC_PATH_PREFIXES.some((prefix) => normalized.startsWith(prefix));
}
