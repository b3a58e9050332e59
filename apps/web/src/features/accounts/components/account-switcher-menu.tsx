import { LoadedMenu } from '@/components/loaded-menu';
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator } from '@/components/ui/dropdown-menu';
import { AccountSwitcherButton, roleAndDemo } from '@/features/accounts/components/account-switcher-button';
import type { AccountSwitcherProps } from '@/features/accounts/components/account-switcher';
import { useConfirmDiscard } from '@/hooks/use-unsaved-changes';

/** The accounts menu, loaded by AccountSwitcher on first use. */
export default function AccountSwitcherMenu({
  memberships,
  staffAccounts = [],
  selectedAccountId,
  onSelect,
  className,
  selected,
  focusFirstItem,
}: AccountSwitcherProps & { selected: { name: string; detail: string } | null; focusFirstItem: boolean }) {
  // Another account's screen would drop the edits of this one: ask first.
  const confirmDiscard = useConfirmDiscard();
  // The server leads with the selected account; the menu lists them by name so they keep their places.
  const byName = [...memberships].sort((a, b) => a.account.name.localeCompare(b.account.name));
  return (
    <LoadedMenu
      trigger={<AccountSwitcherButton selected={selected} className={className} />}
      heading="Accounts"
      headingClassName="text-xs text-muted-foreground"
      align="start"
      className="w-(--radix-dropdown-menu-trigger-width) min-w-60"
      focusFirstItem={focusFirstItem}
    >
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
    </LoadedMenu>
  );
}
