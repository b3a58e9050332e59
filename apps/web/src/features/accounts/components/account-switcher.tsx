import { Building2Icon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { AccountSwitcherButton, roleAndDemo } from '@/features/accounts/components/account-switcher-button';
import type { Accounts_MembershipFragment } from '@/gql/graphql';
import { useMenuOnIntent } from '@/hooks/use-menu-on-intent';
import type { StaffOpenedAccount } from '@/lib/staff-accounts';
import { cn } from '@/lib/utils';

export { ROLE_LABELS } from '@/features/accounts/components/account-switcher-button';

// The menu (Radix DropdownMenu) loads when the button is first pointed at, focused or pressed (use-menu-on-intent.ts).
const loadMenu = () => import('@/features/accounts/components/account-switcher-menu');
const AccountSwitcherMenu = lazy(loadMenu);

export interface AccountSwitcherProps {
  memberships: readonly Accounts_MembershipFragment[];
  /** Accounts a staff user opened this session without a membership. */
  staffAccounts?: readonly StaffOpenedAccount[];
  selectedAccountId: string | null;
  onSelect: (accountId: string) => void;
  className?: string;
}

export function AccountSwitcher(props: AccountSwitcherProps) {
  const { memberships, staffAccounts = [], selectedAccountId, className } = props;
  const { wanted, triggerProps } = useMenuOnIntent(loadMenu);
  const membership = memberships.find((m) => m.account.id === selectedAccountId) ?? null;
  const staffAccount = membership ? null : (staffAccounts.find((a) => a.id === selectedAccountId) ?? null);
  const selected = membership
    ? { name: membership.account.name, detail: roleAndDemo(membership) }
    : staffAccount
      ? { name: staffAccount.name, detail: `Staff access · ${staffAccount.organizationName}` }
      : null;
  if (memberships.length === 0 && staffAccounts.length === 0) {
    return (
      <div className={cn('flex items-center gap-3 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground', className)}>
        <Building2Icon className="size-4" aria-hidden />
        No account yet
      </div>
    );
  }
  const button = <AccountSwitcherButton selected={selected} className={className} {...triggerProps} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <AccountSwitcherMenu {...props} selected={selected} focusFirstItem={wanted === 'keyboard'} />
    </Suspense>
  );
}
