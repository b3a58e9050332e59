import { makeVar } from '@apollo/client';

// Client-only cache fields `selectedAccountId` and `testMode` (spec §3, §9), backed by localStorage.

export const SELECTED_ACCOUNT_ID_KEY = 'selectedAccountId';
export const TEST_MODE_KEY = 'testMode';

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Test mode is initially on in the cache; the stored "true"/"false" wins when present. */
export function readStoredTestMode(): boolean {
  const stored = readStorage(TEST_MODE_KEY);
  return stored === null ? true : stored === 'true';
}

export function readStoredSelectedAccountId(): string | null {
  const stored = readStorage(SELECTED_ACCOUNT_ID_KEY);
  return stored === null || stored === '' ? null : stored;
}

export const selectedAccountIdVar = makeVar<string | null>(readStoredSelectedAccountId());
export const testModeVar = makeVar<boolean>(readStoredTestMode());

export function setSelectedAccountId(accountId: string | null): void {
  if (accountId === null) window.localStorage.removeItem(SELECTED_ACCOUNT_ID_KEY);
  else window.localStorage.setItem(SELECTED_ACCOUNT_ID_KEY, accountId);
  selectedAccountIdVar(accountId);
}

/** Saved to localStorage as "true"/"false" on every change (spec §4). */
export function setTestMode(enabled: boolean): void {
  window.localStorage.setItem(TEST_MODE_KEY, enabled ? 'true' : 'false');
  testModeVar(enabled);
}
