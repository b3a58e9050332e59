import type { ComponentProps } from 'react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import type { Auth_CurrentUserFragment } from '@/gql/graphql';

// Its own file so that user-menu.tsx (which loads the menu lazily) and user-menu-content.tsx both import it without an
// import circle.

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The avatar button; the menu's trigger once the menu has loaded. */
export function UserMenuButton({ user, ...props }: { user: Auth_CurrentUserFragment | null } & ComponentProps<'button'>) {
  return (
    <button type="button" aria-label="User menu" className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60" {...props}>
      <Avatar className="size-9">
        <AvatarFallback>{user ? initials(user.name) : '?'}</AvatarFallback>
      </Avatar>
    </button>
  );
}
