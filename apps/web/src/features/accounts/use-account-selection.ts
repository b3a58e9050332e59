import { useReactiveVar } from '@apollo/client/react';
import { useEffect } from 'react';
import { resolveAccountSelection, type SelectableMembership } from '@/features/accounts/account-selection';
import { selectedAccountIdVar, setSelectedAccountId, setTestMode, testModeVar } from '@/lib/local-state';

/** Applies the fallback rule once memberships are known and exposes the selection. */
export function useAccountSelection<TMembership extends SelectableMembership>(memberships: readonly TMembership[] | undefined) {
  const selectedAccountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);

  useEffect(() => {
    if (!memberships) return;
    const next = resolveAccountSelection({ selectedAccountId: selectedAccountIdVar(), testMode: testModeVar() }, memberships);
    if (!next.changed) return;
    setSelectedAccountId(next.selectedAccountId);
    setTestMode(next.testMode);
  }, [memberships]);

  const selectedMembership = memberships?.find((m) => m.account.id === selectedAccountId) ?? null;
  return { selectedAccountId, selectedMembership, testMode, selectAccount: setSelectedAccountId, setTestMode };
}
