import type { TypedDocumentNode } from '@apollo/client';
import { useQuery, useReactiveVar } from '@apollo/client/react';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';

/** Every developer screen follows the shell's selected account and its test/live mode. */
export function useDeveloperScope() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  return { accountId, testMode, liveMode: !testMode, modeLabel: testMode ? 'test' : 'live' } as const;
}

/** A query about the selected account (its only variable), skipped until an account is chosen. */
export function useAccountQuery<TData>(document: TypedDocumentNode<TData, { accountId: string }>) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  return useQuery(document, { variables: { accountId: accountId ?? '' }, skip: !accountId });
}

/** A settings screen of the selected account: its id, whether the member may change developer settings, and the screen's query result. */
export function useAccountSettings<TData>(document: TypedDocumentNode<TData, { accountId: string }>) {
  const { accountId } = useDeveloperScope();
  const canManage = usePermission('developerSettings:manage');
  return { accountId, canManage, ...useAccountQuery(document) };
}
