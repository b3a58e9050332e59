import { Building2Icon, ChevronsUpDownIcon } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { Accounts_MembershipFragment } from '@/gql/graphql';
import { useConfirmDiscard } from '@/hooks/use-unsaved-changes';
import type { StaffOpenedAccount } from '@/lib/staff-accounts';
import { cn } from '@/lib/utils';

export const ROLE_LABELS: Record<Accounts_MembershipFragment['role'], string> = {
  administrator: 'Administrator',
  analyst: 'Analyst',
  developer: 'Developer',
  support_specialist: 'Support specialist',
};

/** The role, and for an account seeded for the demo, that its data is made up (the header's badge explains it). */
function roleAndDemo(membership: Accounts_MembershipFragment): string {
  return membership.account.isDemo ? `${ROLE_LABELS[membership.role]} · Demo` : ROLE_LABELS[membership.role];
}

interface AccountSwitcherProps {
  memberships: readonly Accounts_MembershipFragment[];
  /** Accounts a staff user opened this session without a membership. */
  staffAccounts?: readonly StaffOpenedAccount[];
  selectedAccountId: string | null;
  onSelect: (accountId: string) => void;
  className?: string;
}

export function AccountSwitcher({ memberships, staffAccounts = [], selectedAccountId, onSelect, className }: AccountSwitcherProps) {
  // Another account's screen would drop the edits of this one: ask first.
  const confirmDiscard = useConfirmDiscard();
  const membership = memberships.find((m) => m.account.id === selectedAccountId) ?? null;
  // The server leads with the selected account; the menu lists them by name so they keep their places.
  const byName = [...memberships].sort((a, b) => a.account.name.localeCompare(b.account.name));
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`Account: ${selected?.name ?? 'none selected'}`}
        className={cn(
          'flex w-full items-center gap-3 rounded-lg border bg-card px-3 py-2 text-left shadow-xs outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
          className,
        )}
      >
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-semibold text-primary-foreground">
          {(selected?.name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">{selected?.name ?? 'Choose an account'}</span>
          <span className="truncate text-xs text-muted-foreground">{selected?.detail ?? ''}</span>
        </span>
        <ChevronsUpDownIcon className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-60">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Accounts</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={selectedAccountId ?? ''}
          onValueChange={(accountId) => (accountId === selectedAccountId ? onSelect(accountId) : confirmDiscard(() => onSelect(accountId)))}
        >
          {byName.map((membership) => (
            <DropdownMenuRadioItem key={membership.id} value={membership.account.id}>
              <span className="flex min-w-0 flex-col">
                <span className="truncate">{membership.account.name}</span>
                <span className="text-xs text-muted-foreground">{roleAndDemo(membership)}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
          {staffAccounts.length > 0 && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="text-xs text-muted-foreground">Opened as staff</DropdownMenuLabel>
              {staffAccounts.map((account) => (
                <DropdownMenuRadioItem key={`staff-${account.id}`} value={account.id}>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">{account.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{account.organizationName}</span>
                  </span>
                </DropdownMenuRadioItem>
              ))}
            </>
          )}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
