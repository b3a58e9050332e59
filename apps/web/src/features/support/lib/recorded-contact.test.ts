import { beforeEach, describe, expect, it } from 'vitest';
import { rememberRecordedContact, wasContactRecorded } from '@/features/support/lib/recorded-contact';

describe('the support contact sent once per user and account', () => {
  beforeEach(() => window.localStorage.clear());

  it('remembers what was sent for each user and account, across sessions', () => {
    expect(wasContactRecorded('u1', 'a1', 'contact')).toBe(false);
    rememberRecordedContact('u1', 'a1', 'contact');
    expect(wasContactRecorded('u1', 'a1', 'contact')).toBe(true);
    // Another account or another user is another contact; switching back does not send again.
    expect(wasContactRecorded('u1', 'a2', 'contact')).toBe(false);
    expect(wasContactRecorded('u2', 'a1', 'contact')).toBe(false);
    rememberRecordedContact('u1', 'a2', 'contact-2');
    expect(wasContactRecorded('u1', 'a1', 'contact')).toBe(true);
  });

  it('sends again when the contact changed or the last send failed', () => {
    rememberRecordedContact('u1', 'a1', 'old name');
    expect(wasContactRecorded('u1', 'a1', 'new name')).toBe(false);
    rememberRecordedContact('u1', 'a1', null);
    expect(wasContactRecorded('u1', 'a1', 'old name')).toBe(false);
  });
});
