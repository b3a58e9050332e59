import { makeVar } from '@apollo/client';

// Accounts a staff user opened from /admin/organizations without being a member. They join the account switcher
// for the browser session (sessionStorage), so closing the tab forgets them.

export interface StaffOpenedAccount {
  id: string;
  name: string;
  organizationName: string;
}

export const STAFF_ACCOUNTS_KEY = 'staffOpenedAccounts';

function isOpenedAccount(value: unknown): value is StaffOpenedAccount {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry['id'] === 'string' && typeof entry['name'] === 'string' && typeof entry['organizationName'] === 'string';
}

export function readStaffOpenedAccounts(): StaffOpenedAccount[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STAFF_ACCOUNTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOpenedAccount) : [];
  } catch {
    return [];
  }
}

export const staffOpenedAccountsVar = makeVar<StaffOpenedAccount[]>(readStaffOpenedAccounts());

function write(accounts: StaffOpenedAccount[]): void {
  try {
    window.sessionStorage.setItem(STAFF_ACCOUNTS_KEY, JSON.stringify(accounts));
  } catch {
    // storage full or disabled: the list still lives for this page
  }
  staffOpenedAccountsVar(accounts);
}

/** Adds (or moves to the top) an account opened by staff. */
export function addStaffOpenedAccount(account: StaffOpenedAccount): void {
  write([account, ...staffOpenedAccountsVar().filter((entry) => entry.id !== account.id)].slice(0, 10));
}

export function clearStaffOpenedAccounts(): void {
  write([]);
}
