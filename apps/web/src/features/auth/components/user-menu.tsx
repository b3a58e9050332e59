import { lazy, Suspense } from 'react';
import { UserMenuButton } from '@/features/auth/components/user-menu-button';
import type { Auth_CurrentUserFragment } from '@/gql/graphql';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';

// The menu (Radix DropdownMenu) loads when the avatar is first pointed at, focused or pressed (use-menu-on-intent.ts).
const loadMenu = () => import('@/features/auth/components/user-menu-content');
const UserMenuContent = lazy(loadMenu);

export function UserMenu({ user }: { user: Auth_CurrentUserFragment | null }) {
  const { wanted, triggerProps } = useMenuOnIntent(loadMenu);
  const button = <UserMenuButton user={user} {...triggerProps} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuContent user={user} focusFirstItem={wanted === 'keyboard'} />
    </Suspense>
  );
}
