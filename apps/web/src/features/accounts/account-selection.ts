// Spec §4: on load, if the stored selected account is not among the user's memberships and a
// membership exists, select the first membership's account and set test mode to its isVerified.
// Accounts a staff user opened this session count as known, so the rule does not take them away.

export interface SelectableMembership {
  account: { id: string; isVerified: boolean };
}

export interface AccountSelection {
  selectedAccountId: string | null;
  testMode: boolean;
}

export interface AccountSelectionResult extends AccountSelection {
  /** True when the stored values must be replaced by the returned ones. */
  changed: boolean;
}

export function resolveAccountSelection(
  stored: AccountSelection,
  memberships: readonly SelectableMembership[],
  openedAccountIds: readonly string[] = [],
): AccountSelectionResult {
  const id = stored.selectedAccountId;
  const isKnown = id !== null && (memberships.some((m) => m.account.id === id) || openedAccountIds.includes(id));
  const first = memberships[0];
  if (isKnown || !first) return { ...stored, changed: false };
  return { selectedAccountId: first.account.id, testMode: first.account.isVerified, changed: true };
}
