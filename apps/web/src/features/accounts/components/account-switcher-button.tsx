import { ChevronsUpDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { Accounts_MembershipFragment } from '@/gql/graphql';
import { cn } from '@/lib/utils';

// Its own file so that account-switcher.tsx (which loads the menu lazily) and account-switcher-menu.tsx both import it
// without an import circle.

export const ROLE_LABELS: Record<Accounts_MembershipFragment['role'], string> = {
  administrator: 'Administrator',
  analyst: 'Analyst',
  developer: 'Developer',
  support_specialist: 'Support specialist',
};

/** The role, and for an account seeded for the demo, that its data is made up (the header's badge explains it). */
export function roleAndDemo(membership: Accounts_MembershipFragment): string {
  return membership.account.isDemo ? `${ROLE_LABELS[membership.role]} · Demo` : ROLE_LABELS[membership.role];
}

/** The selected account's button; the menu's trigger once the menu has loaded. */
export function AccountSwitcherButton({ selected, className, ...props }: { selected: { name: string; detail: string } | null } & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={`Account: ${selected?.name ?? 'none selected'}`}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg border bg-card px-3 py-2 text-left shadow-xs outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
      {...props}
    >
      <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-semibold text-primary-foreground">
        {(selected?.name ?? '?').slice(0, 1).toUpperCase()}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{selected?.name ?? 'Choose an account'}</span>
        <span className="truncate text-xs text-muted-foreground">{selected?.detail ?? ''}</span>
      </span>
      <ChevronsUpDownIcon className="size-4 text-muted-foreground" aria-hidden />
    </button>
  );
}
