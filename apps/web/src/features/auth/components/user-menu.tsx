import { useApolloClient, useMutation } from '@apollo/client/react';
import { CookieIcon, ListChecksIcon, LogOutIcon, ShieldCheckIcon, UserIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { GETTING_STARTED_HREF, ROUTES } from '@/config/routes';
import { LogoutMutation } from '@/features/auth/api/login';
import type { Auth_CurrentUserFragment } from '@/gql/graphql';
import { consentManagerInUse, showConsentPreferences } from '@/lib/consent';
import { clearCsrfToken, SIGNED_OUT_EVENT } from '@/lib/session';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

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

export function UserMenu({ user }: { user: Auth_CurrentUserFragment | null }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label="User menu" className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
        <Avatar className="size-9">
          <AvatarFallback>{user ? initials(user.name) : '?'}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user?.name ?? 'Signed in'}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
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
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
