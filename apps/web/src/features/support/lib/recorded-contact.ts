// The support contact is sent once per user and account (spec §5), not on every page load or account switch: what
// was last sent for a user and account is remembered in localStorage, and only a changed contact is sent again.

const PREFIX = 'supportContact:';

function storageKey(userId: string, accountId: string): string {
  return `${PREFIX}${userId}:${accountId}`;
}

/** Whether this exact contact was already sent for this user and account (in this browser, in any session). */
export function wasContactRecorded(userId: string, accountId: string, contactKey: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(userId, accountId)) === contactKey;
  } catch {
    return false;
  }
}

/** Remembers the contact sent for this user and account; null forgets it (the send failed, so try again later). */
export function rememberRecordedContact(userId: string, accountId: string, contactKey: string | null): void {
  try {
    if (contactKey === null) window.localStorage.removeItem(storageKey(userId, accountId));
    else window.localStorage.setItem(storageKey(userId, accountId), contactKey);
  } catch {
    // Storage disabled: the contact may be sent again on the next load; the server writes nothing when it is unchanged.
  }
}
