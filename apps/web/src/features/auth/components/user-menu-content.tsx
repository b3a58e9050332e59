import { useApolloClient, useMutation } from '@apollo/client/react';
import { CookieIcon, ListChecksIcon, LogOutIcon, ShieldCheckIcon, UserIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { LoadedMenu } from '@/components/loaded-menu';
import { DropdownMenuItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { GETTING_STARTED_HREF, ROUTES } from '@/config/routes';
import { LogoutMutation } from '@/features/auth/api/login';
import type { Auth_CurrentUserFragment } from '@/gql/graphql';
import { UserMenuButton } from '@/features/auth/components/user-menu-button';
import { consentManagerInUse, showConsentPreferences } from '@/lib/consent';
import { clearCsrfToken, SIGNED_OUT_EVENT } from '@/lib/session';

/** Sign out: `logout`, forget the csrf token and cache, tell other features, go to /login. */
export function useSignOut() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout] = useMutation(LogoutMutation);
  return async () => {
    try {
      await logout();
    } catch (error) {
      console.info('Logout request failed; signing out locally', error);
    }
    clearCsrfToken();
    await client.clearStore();
    window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
    void navigate(ROUTES.login, { replace: true });
  };
}

/** The user menu, loaded by UserMenu on first use. */
export default function UserMenuContent({ user, focusFirstItem }: { user: Auth_CurrentUserFragment | null; focusFirstItem: boolean }) {
  const signOut = useSignOut();
  return (
    <LoadedMenu
      trigger={<UserMenuButton user={user} />}
      heading={
        <>
          <span className="truncate">{user?.name ?? 'Signed in'}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user?.email}</span>
        </>
      }
      headingClassName="flex flex-col gap-0.5"
      align="end"
      className="w-64"
      focusFirstItem={focusFirstItem}
    >
      <DropdownMenuItem asChild>
        <Link to={ROUTES.profile}>
          <UserIcon aria-hidden /> Profile
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={`${ROUTES.profile}/security`}>
          <ShieldCheckIcon aria-hidden /> Security
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem asChild>
        <Link to={GETTING_STARTED_HREF}>
          <ListChecksIcon aria-hidden /> Getting started
        </Link>
      </DropdownMenuItem>
      {consentManagerInUse() && (
        <DropdownMenuItem onSelect={showConsentPreferences}>
          <CookieIcon aria-hidden /> Cookie preferences
        </DropdownMenuItem>
      )}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void signOut()}>
        <LogOutIcon aria-hidden /> Sign out
      </DropdownMenuItem>
    </LoadedMenu>
  );
}
