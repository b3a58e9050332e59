import { useQuery } from '@apollo/client/react';
import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ShellFeatureFlagsQuery, ShellMeQuery, ShellSelectedAccountQuery } from '@/app/shell/api/me';
import { navItemVisible, staffHomePath } from '@/app/shell/nav-visibility';
import { twoFactorSetupPath } from '@/app/shell/two-factor-gate';
import { Brand, BrandMark } from '@/components/brand';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { Forbidden } from '@/components/forbidden';
import { SidebarNav, type NavItem } from '@/components/layouts/sidebar-nav';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { viewerMayOpen } from '@/config/route-permissions';
import { ROUTES } from '@/config/routes';
import { AccountSwitcher } from '@/features/accounts/components/account-switcher';
import { TestModeToggle } from '@/features/accounts/components/test-mode-toggle';
import { useAccountSelection } from '@/features/accounts/use-account-selection';
import { useLiveModeLock } from '@/features/accounts/use-live-mode-lock';
import { UserMenu } from '@/features/auth/components/user-menu';
import { PastDueBanner } from '@/features/billing/components/past-due-banner';
import { AccountStatusBanner } from '@/components/account-status-banner';
import { SupportChat } from '@/features/support/components/support-chat';
import type { Accounts_MembershipFragment } from '@/gql/graphql';
import { DemoAccountProvider } from '@/hooks/use-demo-account';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';
import { ViewerProvider } from '@/hooks/use-permission';
import { useTheme } from '@/hooks/use-theme';
import { setErrorReportingContext } from '@/lib/error-reporting';
import { errorCode, graphQLErrorsOf } from '@/lib/graphql-errors';
import { isStaff, viewerHasAccountPermission, type Viewer } from '@/lib/permissions';
import { clearCsrfToken, hasCsrfToken } from '@/lib/session';
import { selectedAccountIdVar } from '@/lib/local-state';

// The narrow screens' navigation sheet (Radix Dialog, focus scope, scroll lock) loads on the menu button's first point,
// focus or press, as the shell's menus do (use-menu-on-intent.ts).
const loadMobileNavigation = () => import('@/app/shell/mobile-navigation');
const MobileNavigation = lazy(loadMobileNavigation);

/** The signed-in layout: sidebar (a sheet on narrow screens), account switcher, test mode, user menu. */
export default function AppShell() {
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useTheme('dark');
  const [menuOpen, setMenuOpen] = useState(false);
  const { wanted: menuWanted, triggerProps: menuTriggerProps } = useMenuOnIntent(loadMobileNavigation, 'dialog');
  // The selection stored when the app loaded: later switches need no new `me`.
  const [storedAccountId] = useState(() => selectedAccountIdVar());
  const { data, loading, error, refetch: refetchMe } = useQuery(ShellMeQuery, { variables: { selectedAccountId: storedAccountId }, skip: !hasCsrfToken() });

  useEffect(() => {
    if (!error) return;
    // Spec §8: the initial user query failed — log it and forget the session.
    console.info('Could not load the signed-in user', error);
    clearCsrfToken();
    void navigate(ROUTES.login, { replace: true });
  }, [error, navigate]);

  const me = data?.me ?? null;
  const memberships: readonly Accounts_MembershipFragment[] | undefined = me?.memberships;
  const selection = useAccountSelection(memberships);
  const accountId = selection.selectedAccountId;

  // A crash report names the user and the open account (ids only); kept when a crash unmounts the shell, cleared on sign-out.
  useEffect(() => setErrorReportingContext({ userId: me?.id ?? null, accountId }), [me?.id, accountId]);

  const account = useQuery(ShellSelectedAccountQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const selectedAccount = account.data?.account?.id === accountId ? account.data.account : null;
  const liveModeLocked = useLiveModeLock(selectedAccount);

  // Removal revokes access at once: when the selected account is refused, reload the memberships so the
  // selection rule moves to an account the user still has.
  const refusedAccount = useRef<string | null>(null);
  // A refused account comes back as an error, or as `account: null` once the link drops FORBIDDEN errors (spec §8).
  const accountRefused =
    (account.data !== undefined && account.data.account === null) ||
    graphQLErrorsOf(account.error).some((e) => errorCode(e) === 'FORBIDDEN_ERROR' || errorCode(e) === 'NOT_FOUND');
  useEffect(() => {
    if (!accountRefused || !accountId || refusedAccount.current === accountId) return;
    refusedAccount.current = accountId;
    void refetchMe();
  }, [accountRefused, accountId, refetchMe]);

  const flags = useQuery(ShellFeatureFlagsQuery, { variables: { accountId }, skip: !me });
  const enabledFlags = useMemo(() => new Set((flags.data?.featureFlags ?? []).filter((flag) => flag.enabled).map((flag) => flag.key)), [flags.data]);

  const viewer: Viewer = useMemo(
    () => ({ role: selection.selectedMembership?.role ?? null, adminRole: me?.adminRole ?? null, userId: me?.id ?? null }),
    [selection.selectedMembership?.role, me?.adminRole, me?.id],
  );
  const isVisible = (item: NavItem) => navItemVisible(item, viewer, accountId !== null, enabledFlags);
  // The same table as the sidebar's: a screen the role may not use is a 403, not a page of refused queries.
  const routeRefused = !viewerMayOpen(viewer, location.pathname);

  // A user with no account yet is onboarded first (staff, and staff who opened an account, are not).
  const needsOnboarding = me !== null && me.memberships.length === 0 && selection.staffAccounts.length === 0 && !isStaff(viewer);
  useEffect(() => {
    if (needsOnboarding) void navigate(ROUTES.onboarding, { replace: true });
  }, [needsOnboarding, navigate]);

  // Staff turn on two-factor authentication before their first staff screen (the server refuses staff actions until then).
  const setupPath = twoFactorSetupPath(me, location.pathname);
  useEffect(() => {
    if (setupPath) void navigate(setupPath, { replace: true });
  }, [setupPath, navigate]);

  // Staff with no partner account open have no partner dashboard: their home is their first back-office screen.
  const withoutAccount = me !== null && me.memberships.length === 0 && selection.staffAccounts.length === 0;
  const staffHome = withoutAccount && !setupPath && location.pathname === ROUTES.dashboard ? staffHomePath(viewer) : null;
  useEffect(() => {
    if (staffHome) void navigate(staffHome, { replace: true });
  }, [staffHome, navigate]);

  // While `me` loads, a placeholder of the switcher's height keeps the navigation below it from moving down.
  const switcher =
    memberships === undefined && loading ? (
      <div aria-hidden className="flex w-full items-center gap-3 rounded-lg border bg-card px-3 py-2 shadow-xs">
        <Skeleton className="size-8 shrink-0" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex h-5 items-center">
            <Skeleton className="h-3.5 w-28" />
          </span>
          <span className="flex h-4 items-center">
            <Skeleton className="h-3 w-16" />
          </span>
        </span>
      </div>
    ) : (
      <AccountSwitcher
        memberships={memberships ?? []}
        staffAccounts={selection.staffAccounts}
        selectedAccountId={selection.selectedAccountId}
        onSelect={selection.selectAccount}
      />
    );

  const menuButton = (
    <Button
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-label="Open menu"
      {...(menuWanted ? {} : menuTriggerProps)}
      onClick={
        menuWanted
          ? undefined
          : (event) => {
              menuTriggerProps.onClick(event);
              setMenuOpen(true);
            }
      }
    >
      <MenuIcon aria-hidden />
    </Button>
  );
  const sidebar = (onNavigate?: () => void) => (
    <div className="flex h-full flex-col gap-5 px-3 py-4">
      <div className="px-2">
        <Brand />
      </div>
      {switcher}
      <div className="flex-1 overflow-y-auto">
        <SidebarNav onNavigate={onNavigate} isVisible={isVisible} />
      </div>
    </div>
  );

  return (
    <ViewerProvider viewer={viewer}>
      <div className="flex min-h-screen bg-background">
        {/* The first thing Tab reaches: keyboard users jump past the sidebar and header to the screen itself. */}
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onClick={(event) => {
            // Focus, not only scroll: the next Tab then continues inside the screen (the router keeps the URL).
            event.preventDefault();
            document.getElementById('main-content')?.focus();
          }}
        >
          Skip to content
        </a>
        {/* The aside stretches to the page's full height (its colour and border run to the bottom of long pages);
          its content stays in view while the page scrolls. */}
        <aside aria-label="Sidebar" className="hidden w-64 shrink-0 border-r bg-sidebar lg:block">
          <div className="sticky top-0 h-screen">{sidebar()}</div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur sm:h-16 sm:gap-3 sm:px-6">
            {menuWanted ? (
              <Suspense fallback={menuButton}>
                <MobileNavigation open={menuOpen} onOpenChange={setMenuOpen} trigger={menuButton}>
                  {sidebar(() => setMenuOpen(false))}
                </MobileNavigation>
              </Suspense>
            ) : (
              menuButton
            )}
            <div className="lg:hidden">
              <BrandMark className="size-7 sm:hidden" />
              <Brand className="hidden sm:inline-flex" />
            </div>
            <div className="ml-auto flex items-center gap-1.5 sm:gap-3">
              {/* Every screen of a demo account says its figures are made up; a phone's header has no room, there the
                screens of figures say it beside their titles. */}
              {selectedAccount?.isDemo && <DemoDataBadge className="hidden sm:inline-flex" />}
              {/* Test mode belongs to a partner account: staff outside one have none to switch. */}
              {!withoutAccount && <TestModeToggle testMode={selection.testMode} onChange={selection.setTestMode} liveModeLocked={liveModeLocked} />}
              <ThemeToggle choice={theme.choice} resolved={theme.resolved} onChange={theme.setChoice} />
              {/* Support sits in the header (as in Stripe's dashboard), so it never covers content or table columns. */}
              <SupportChat user={me} account={selection.selectedMembership ? selectedAccount : null} />
              <UserMenu user={me} />
            </div>
          </header>
          {selection.testMode && !withoutAccount && (
            <div
              data-slot="test-mode-banner"
              className="border-b border-amber-500/40 bg-amber-500/10 px-4 py-0.5 text-center text-xs leading-5 font-medium text-amber-900 sm:px-6 sm:py-1.5 dark:text-amber-200"
            >
              {/* One line on a phone: header and banner together stay under a tenth of the screen. */}
              <span className="sm:hidden">You are viewing test data.</span>
              <span className="hidden sm:inline">
                {liveModeLocked
                  ? 'You are viewing test data. Live mode opens once your business is verified.'
                  : 'You are viewing test data. Turn off test mode to see live activity.'}
              </span>
            </div>
          )}
          <AccountStatusBanner status={selectedAccount?.status} />
          <PastDueBanner account={selectedAccount} canManage={viewerHasAccountPermission(viewer, 'billing:read')} />
          <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col px-4 pt-8 pb-24 outline-none sm:px-8">
            {(loading && !data) || needsOnboarding || setupPath || staffHome ? (
              <PageSpinner />
            ) : routeRefused ? (
              <Forbidden reason="Your role in this account does not include this screen. An administrator of the account can change your role on the Team page." />
            ) : (
              <Suspense fallback={<PageSpinner />}>
                <DemoAccountProvider isDemo={selectedAccount?.isDemo ?? false}>
                  <Outlet />
                </DemoAccountProvider>
              </Suspense>
            )}
          </main>
        </div>
      </div>
    </ViewerProvider>
  );
}
