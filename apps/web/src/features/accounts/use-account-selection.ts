import { useMutation, useReactiveVar } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { AccountsSyncSelectionMutation } from '@/features/accounts/api/sync-selection';
import { resolveAccountSelection, type SelectableMembership } from '@/features/accounts/account-selection';
import { selectedAccountIdVar, setSelectedAccountId, setTestMode, testModeVar } from '@/lib/local-state';
import { staffOpenedAccountsVar } from '@/lib/staff-accounts';

/** Applies the fallback rule once memberships are known and exposes the selection (memberships and staff-opened accounts). */
export function useAccountSelection<TMembership extends SelectableMembership>(memberships: readonly TMembership[] | undefined) {
  const selectedAccountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const staffAccounts = useReactiveVar(staffOpenedAccountsVar);
  const [syncSelection] = useMutation(AccountsSyncSelectionMutation);

  useEffect(() => {
    if (!memberships) return;
    const next = resolveAccountSelection(
      { selectedAccountId: selectedAccountIdVar(), testMode: testModeVar() },
      memberships,
      staffOpenedAccountsVar().map((account) => account.id),
    );
    if (!next.changed) return;
    setSelectedAccountId(next.selectedAccountId);
    setTestMode(next.testMode);
  }, [memberships, staffAccounts]);

  const selectedMembership = memberships?.find((m) => m.account.id === selectedAccountId) ?? null;
  const selectedStaffAccount = selectedMembership ? null : (staffAccounts.find((a) => a.id === selectedAccountId) ?? null);
  const isKnownAccount = selectedMembership !== null || selectedStaffAccount !== null;

  // A choice among the user's memberships is remembered on the server; accounts staff opened are not theirs to keep.
  const selectAccount = useCallback(
    (accountId: string) => {
      setSelectedAccountId(accountId);
      if (memberships?.some((m) => m.account.id === accountId)) void syncSelection({ variables: { accountId } }).catch(() => {});
    },
    [memberships, syncSelection],
  );

  return {
    selectedAccountId: isKnownAccount ? selectedAccountId : null,
    selectedMembership,
    selectedStaffAccount,
    staffAccounts,
    testMode,
    selectAccount,
    setTestMode,
  };
}
