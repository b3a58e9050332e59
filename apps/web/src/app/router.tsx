import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { RootRoute } from '@/app/root-route';
import { DEV_CRASH_PATH, ForcedCrash } from '@/dev/forced-crash';
import { RouteErrorBoundary } from '@/app/route-error-boundary';
import { FocusLayout } from '@/components/layouts/focus-layout';
import { PublicLayout } from '@/components/layouts/public-layout';
import { NotFound } from '@/components/not-found';
import { PageSpinner } from '@/components/ui/spinner';
import { GO_LIVE_PRODUCT_ROUTES, goLivePath, isPublicPath, kybPath, RAMP_PRODUCT_ROUTES, rampSectionPath, ROUTES, subscribePath } from '@/config/routes';
import { hasCsrfToken } from '@/lib/session';

// Every route of spec §2. Screens are loaded on demand; layouts show a centred spinner meanwhile.

function page(Component: LazyExoticComponent<ComponentType>): React.ReactElement {
  return <Component />;
}

/** The screens at `${base}/${sub}`, one per entry. */
function pagesUnder(base: string, pages: Record<string, LazyExoticComponent<ComponentType>>): RouteObject[] {
  return Object.entries(pages).map(([sub, Component]) => ({ path: `${base}/${sub}`, element: page(Component) }));
}

const LoginRoute = lazy(() => import('@/app/routes/login'));
const OktaCallbackRoute = lazy(() => import('@/features/sso/routes/okta-callback.tsx'));
const OktaVerificationRoute = lazy(() => import('@/features/sso/routes/okta-verification.tsx'));
const SignupRoute = lazy(() => import('@/app/routes/signup'));
const SignupCompleteRoute = lazy(() => import('@/app/routes/signup-complete'));
const Reset2faRoute = lazy(() => import('@/app/routes/reset-2fa'));
const ResetPasswordRoute = lazy(() => import('@/app/routes/reset-password'));
const ResetRoute = lazy(() => import('@/app/routes/reset'));
const SetNewPasswordRoute = lazy(() => import('@/app/routes/set-new-password'));
const TermsRoute = lazy(() => import('@/app/routes/terms'));
const RegisterRoute = lazy(() => import('@/app/routes/register'));
const OnboardingRoute = lazy(() => import('@/app/routes/onboarding'));
const Setup2faRoute = lazy(() => import('@/app/routes/setup-2fa'));
const ConfirmEmailRoute = lazy(() => import('@/app/routes/confirm-email'));
const AppShell = lazy(() => import('@/app/shell/app-shell'));
// Apollo and its cache arrive with the first signed-in screen, not with the public ones.
const SignedInData = lazy(() => import('@/app/signed-in-data'));
const TeamRoute = lazy(() => import('@/app/routes/team'));
const ProfileGeneralRoute = lazy(() => import('@/app/routes/profile-general'));
const ProfileSecurityRoute = lazy(() => import('@/app/routes/profile-security'));
const AdminAuditRoute = lazy(() => import('@/app/routes/admin-audit'));
const AdminOrganizationsRoute = lazy(() => import('@/app/routes/admin-organizations'));
const AdminOrganizationRoute = lazy(() => import('@/app/routes/admin-organization'));
const AdminOrganizationNewRoute = lazy(() => import('@/app/routes/admin-organization-new'));
const AdminKybRoute = lazy(() => import('@/app/routes/admin-kyb'));
const AdminKybGoLiveRoute = lazy(() => import('@/app/routes/admin-kyb-go-live'));
const AdminKybApplicationRoute = lazy(() => import('@/app/routes/admin-kyb-application'));
const AdminBlockedRoute = lazy(() => import('@/app/routes/admin-blocked'));
const AdminStaffRoute = lazy(() => import('@/app/routes/admin-staff'));
const AdminCurrenciesRoute = lazy(() => import('@/app/routes/admin-currencies'));
const AdminWalletsRoute = lazy(() => import('@/app/routes/admin-wallets'));
const AdminFeatureFlagsRoute = lazy(() => import('@/app/routes/admin-feature-flags'));
const AdminCustomersRoute = lazy(() => import('@/app/routes/admin-customers'));
const AdminCustomerRoute = lazy(() => import('@/app/routes/admin-customer'));
const AdminSupportRoute = lazy(() => import('@/app/routes/admin-support'));
const AdminSupportRequestRoute = lazy(() => import('@/app/routes/admin-support-request'));
const AdminEddRoute = lazy(() => import('@/app/routes/admin-edd'));
const AdminPricingRoute = lazy(() => import('@/app/routes/admin-pricing'));
const AdminPaymentMethodsRoute = lazy(() => import('@/app/routes/admin-payment-methods'));
const DevelopersGeneralRoute = lazy(() => import('@/app/routes/developers/general'));
const DevelopersApiKeysRoute = lazy(() => import('@/app/routes/developers/api-keys'));
const DevelopersWebhooksRoute = lazy(() => import('@/app/routes/developers/webhooks'));
const DevelopersLogsRoute = lazy(() => import('@/app/routes/developers/logs'));
const DevelopersPayoutsRoute = lazy(() => import('@/app/routes/developers/payouts'));
const DevelopersNftCommerceRoute = lazy(() => import('@/app/routes/developers/nft-commerce'));
const TransactionsListRoute = lazy(() => import('@/app/routes/transactions/list'));
const TransactionDetailRoute = lazy(() => import('@/app/routes/transactions/detail'));
const DashboardRoute = lazy(() => import('@/app/routes/dashboard'));
const DashboardOverviewRoute = lazy(() => import('@/app/routes/dashboard-overview'));
const CustomersListRoute = lazy(() => import('@/app/routes/customers/list'));
const CustomerDetailRoute = lazy(() => import('@/app/routes/customers/detail'));
const KybRoute = lazy(() => import('@/app/routes/kyb'));
const GoLiveRoute = lazy(() => import('@/app/routes/go-live'));
const RampCryptosRoute = lazy(() => import('@/app/routes/ramp/cryptos'));
const RampFeesRoute = lazy(() => import('@/app/routes/ramp/fees'));
const RampIntegrateRoute = lazy(() => import('@/app/routes/ramp/integrate'));
const ThemeRoute = lazy(() => import('@/app/routes/theme'));
const SubscriptionRoute = lazy(() => import('@/app/routes/subscription'));
const AnalyticsRoute = lazy(() => import('@/app/routes/analytics'));
const QuarterlyReviewRoute = lazy(() => import('@/app/routes/quarterly-review'));
const BillingStandaloneLayout = lazy(() => import('@/features/billing/components/billing-standalone-layout'));
const SandboxCheckoutRoute = lazy(() => import('@/app/routes/billing-sandbox-checkout'));
const SandboxPortalRoute = lazy(() => import('@/app/routes/billing-sandbox-portal'));
const InvoiceRoute = lazy(() => import('@/app/routes/billing-invoice'));
const CommerceIndexRoute = lazy(() => import('@/app/routes/commerce/index'));
const CommerceIntroRoute = lazy(() => import('@/app/routes/commerce/intro'));
const CommerceOnboardingRoute = lazy(() => import('@/app/routes/commerce/onboarding'));
const CommerceAccountRoute = lazy(() => import('@/app/routes/commerce/account'));
const CommerceWalletsRoute = lazy(() => import('@/app/routes/commerce/wallets'));
const HelioLandingRoute = lazy(() => import('@/app/routes/commerce/helio'));
const SandboxHelioOnboardingRoute = lazy(() => import('@/app/routes/commerce/sandbox-onboarding'));
const PassesHomeRoute = lazy(() => import('@/app/routes/passes/home'));
const PassesProjectsRoute = lazy(() => import('@/app/routes/passes/projects'));
const PassesOverviewRoute = lazy(() => import('@/app/routes/passes/overview'));
const PassesListRoute = lazy(() => import('@/app/routes/passes/list'));
const PassDetailRoute = lazy(() => import('@/app/routes/passes/detail'));
const PassesPoliciesRoute = lazy(() => import('@/app/routes/passes/policies'));
const PassesTemplatesRoute = lazy(() => import('@/app/routes/passes/templates'));
const PassesWebhooksRoute = lazy(() => import('@/app/routes/passes/webhooks'));
const PassesKeysRoute = lazy(() => import('@/app/routes/passes/keys'));
const PassesSettingsRoute = lazy(() => import('@/app/routes/passes/settings'));

/** A second address of a screen: the screen's own address, with the query (range, currency) kept. */
function SameScreen({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

function SuspenseOutlet() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { index: true, element: <Navigate to={ROUTES.dashboard} replace /> },
      // `npm run dev` only: the production build carries no test hooks (vite.config.ts refuses them).
      ...(import.meta.env.DEV ? [{ path: DEV_CRASH_PATH, element: <ForcedCrash /> }] : []),
      {
        element: <PublicLayout />,
        children: [
          { path: ROUTES.login, element: page(LoginRoute) },
          { path: ROUTES.oktaCallback, element: page(OktaCallbackRoute) },
          { path: ROUTES.oktaVerification, element: page(OktaVerificationRoute) },
          { path: ROUTES.signup, element: page(SignupRoute) },
          { path: ROUTES.signupComplete, element: page(SignupCompleteRoute) },
          { path: ROUTES.reset2fa, element: page(Reset2faRoute) },
          { path: ROUTES.resetPassword, element: page(ResetPasswordRoute) },
          { path: ROUTES.reset, element: page(ResetRoute) },
          { path: ROUTES.setNewPassword, element: page(SetNewPasswordRoute) },
          { path: ROUTES.terms, element: page(TermsRoute) },
          { path: ROUTES.register, element: page(RegisterRoute) },
          { path: `${ROUTES.sandboxHelioOnboarding}/:token`, element: page(SandboxHelioOnboardingRoute) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SuspenseOutlet />,
            children: [
              {
                element: page(SignedInData),
                children: [
                  {
                    element: <FocusLayout />,
                    children: [
                      { path: ROUTES.onboarding, element: page(OnboardingRoute) },
                      { path: ROUTES.setup2fa, element: page(Setup2faRoute) },
                      { path: ROUTES.confirmEmail, element: page(ConfirmEmailRoute) },
                    ],
                  },
                  {
                    // The billing sandbox's hosted pages stand in for Stripe's: no sidebar, clearly labelled.
                    element: <BillingStandaloneLayout sandbox />,
                    children: [
                      { path: `${ROUTES.sandboxBillingCheckout}/:sessionId`, element: page(SandboxCheckoutRoute) },
                      { path: `${ROUTES.sandboxBillingPortal}/:sessionId`, element: page(SandboxPortalRoute) },
                    ],
                  },
                  {
                    element: <BillingStandaloneLayout />,
                    children: [{ path: `${ROUTES.billingInvoices}/:id`, element: page(InvoiceRoute) }],
                  },
                  {
                    element: page(AppShell),
                    children: [
                      // Issue 5 screens, before the area placeholders for the same paths.
                      { path: ROUTES.dashboard, element: page(DashboardRoute) },
                      { path: ROUTES.transactions, element: <Navigate to={`${ROUTES.transactions}/on-ramp`} replace /> },
                      ...['on-ramp', 'off-ramp', 'swaps', 'nft', 'balance'].map((tab) => ({
                        path: `${ROUTES.transactions}/${tab}`,
                        element: page(TransactionsListRoute),
                      })),
                      { path: `${ROUTES.transactions}/:id`, element: page(TransactionDetailRoute) },
                      ...[ROUTES.onRamp, ROUTES.offRamp, ROUTES.swaps, ROUTES.balanceDeposits, ROUTES.balanceWithdrawals].map((path) => ({
                        path,
                        element: <DashboardOverviewRoute path={path} />,
                      })),
                      // Spec §2 has both addresses for one dashboard each (one depositDashboardData, one withdrawalDashboardData).
                      { path: ROUTES.deposits, element: <SameScreen to={ROUTES.balanceDeposits} /> },
                      { path: ROUTES.withdrawals, element: <SameScreen to={ROUTES.balanceWithdrawals} /> },
                      ...GO_LIVE_PRODUCT_ROUTES.flatMap(({ product }) => [
                        { path: kybPath(product), element: <KybRoute product={product} /> },
                        { path: goLivePath(product), element: <GoLiveRoute product={product} /> },
                      ]),
                      ...RAMP_PRODUCT_ROUTES.map(({ product }) => ({
                        path: rampSectionPath(product, 'integrate'),
                        element: <RampIntegrateRoute product={product} />,
                      })),
                      // NFT checkout has no dashboard of its own: its address opens its go-live page.
                      { path: ROUTES.nftCheckout, element: <Navigate to={goLivePath('NftCheckout')} replace /> },
                      ...(['OnRamp', 'OffRamp'] as const).flatMap((product) => [
                        { path: rampSectionPath(product, 'cryptos'), element: <RampCryptosRoute product={product} /> },
                        { path: rampSectionPath(product, 'fees'), element: <RampFeesRoute product={product} /> },
                      ]),
                      { path: ROUTES.customers, element: page(CustomersListRoute) },
                      { path: ROUTES.subscription, element: page(SubscriptionRoute) },
                      ...GO_LIVE_PRODUCT_ROUTES.map(({ product }) => ({ path: subscribePath(product), element: <SubscriptionRoute product={product} /> })),
                      { path: ROUTES.commerce, element: page(CommerceIndexRoute) },
                      ...pagesUnder(ROUTES.commerce, {
                        intro: CommerceIntroRoute,
                        onboarding: CommerceOnboardingRoute,
                        account: CommerceAccountRoute,
                        wallets: CommerceWalletsRoute,
                      }),
                      { path: ROUTES.helio, element: page(HelioLandingRoute) },
                      { path: ROUTES.passes, element: page(PassesHomeRoute) },
                      { path: ROUTES.passesProjects, element: page(PassesProjectsRoute) },
                      { path: `${ROUTES.passesProjects}/:projectId`, element: <Navigate to="overview" replace /> },
                      ...pagesUnder(`${ROUTES.passesProjects}/:projectId`, {
                        overview: PassesOverviewRoute,
                        passes: PassesListRoute,
                        'passes/:passId': PassDetailRoute,
                        policies: PassesPoliciesRoute,
                        templates: PassesTemplatesRoute,
                        webhooks: PassesWebhooksRoute,
                        keys: PassesKeysRoute,
                        settings: PassesSettingsRoute,
                      }),
                      { path: `${ROUTES.customers}/:id`, element: page(CustomerDetailRoute) },
                      { path: ROUTES.analytics, element: page(AnalyticsRoute) },
                      { path: ROUTES.quarterlyReview, element: page(QuarterlyReviewRoute) },
                      { path: ROUTES.team, element: page(TeamRoute) },
                      { path: ROUTES.theme, element: page(ThemeRoute) },
                      { path: ROUTES.profile, element: <Navigate to={ROUTES.profileGeneral} replace /> },
                      { path: ROUTES.profileGeneral, element: page(ProfileGeneralRoute) },
                      { path: ROUTES.profileSecurity, element: page(ProfileSecurityRoute) },
                      { path: ROUTES.adminAudit, element: page(AdminAuditRoute) },
                      { path: ROUTES.adminOrganizations, element: page(AdminOrganizationsRoute) },
                      { path: ROUTES.adminOrganizationNew, element: page(AdminOrganizationNewRoute) },
                      { path: `${ROUTES.adminOrganizations}/:organizationId`, element: page(AdminOrganizationRoute) },
                      { path: ROUTES.adminKyb, element: page(AdminKybRoute) },
                      { path: ROUTES.adminKybGoLive, element: page(AdminKybGoLiveRoute) },
                      { path: `${ROUTES.adminKyb}/:applicationId`, element: page(AdminKybApplicationRoute) },
                      { path: ROUTES.adminBlocked, element: page(AdminBlockedRoute) },
                      { path: ROUTES.adminStaff, element: page(AdminStaffRoute) },
                      { path: ROUTES.adminCurrencies, element: page(AdminCurrenciesRoute) },
                      { path: ROUTES.adminWallets, element: page(AdminWalletsRoute) },
                      { path: ROUTES.adminFeatureFlags, element: page(AdminFeatureFlagsRoute) },
                      { path: ROUTES.adminCustomers, element: page(AdminCustomersRoute) },
                      { path: `${ROUTES.adminCustomers}/:id`, element: page(AdminCustomerRoute) },
                      { path: ROUTES.adminSupport, element: page(AdminSupportRoute) },
                      { path: `${ROUTES.adminSupport}/:id`, element: page(AdminSupportRequestRoute) },
                      { path: ROUTES.adminEdd, element: page(AdminEddRoute) },
                      { path: ROUTES.adminPricing, element: page(AdminPricingRoute) },
                      { path: ROUTES.adminPaymentMethods, element: page(AdminPaymentMethodsRoute) },
                      { path: ROUTES.developers, element: <Navigate to={`${ROUTES.developers}/general`} replace /> },
                      ...pagesUnder(ROUTES.developers, {
                        general: DevelopersGeneralRoute,
                        'api-keys': DevelopersApiKeysRoute,
                        webhooks: DevelopersWebhooksRoute,
                        logs: DevelopersLogsRoute,
                        payouts: DevelopersPayoutsRoute,
                        'nft-commerce': DevelopersNftCommerceRoute,
                      }),
                      { path: '*', element: <NotFound /> },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Signed in: Apollo, the shell and the screen asked for start loading together at start-up, instead of one after
 * another as each lazy route renders (the same import() calls as the routes', so each chunk loads once).
 */
function preloadSignedInChunks(pathname: string) {
  if (!hasCsrfToken() || isPublicPath(pathname)) return;
  // A failed load is reported by the route that needs the chunk, not here.
  const preload = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  preload(() => import('@/app/signed-in-data'));
  preload(() => import('@/app/shell/app-shell'));
  if (pathname === ROUTES.dashboard) preload(() => import('@/app/routes/dashboard'));
  else if (pathname === ROUTES.transactions || /^\/transactions\/(on-ramp|off-ramp|swaps|nft|balance)$/.test(pathname))
    preload(() => import('@/app/routes/transactions/list'));
}

export function createRouter() {
  preloadSignedInChunks(window.location.pathname);
  return createBrowserRouter(routes);
}
