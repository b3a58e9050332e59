import { describe, expect, it } from 'vitest';
import { resolveAccountSelection } from '@/features/accounts/account-selection';

const verified = { account: { id: 'acc-verified', isVerified: true } };
const unverified = { account: { id: 'acc-unverified', isVerified: false } };

describe('resolveAccountSelection (spec §4)', () => {
  it('keeps a stored account that is among the memberships, and its test mode', () => {
    const result = resolveAccountSelection({ selectedAccountId: 'acc-unverified', testMode: true }, [verified, unverified]);
    expect(result).toEqual({ selectedAccountId: 'acc-unverified', testMode: true, changed: false });
  });

  it('falls back to the first membership when the stored account is unknown, test mode = isVerified', () => {
    expect(resolveAccountSelection({ selectedAccountId: 'gone', testMode: false }, [verified, unverified])).toEqual({
      selectedAccountId: 'acc-verified',
      testMode: true,
      changed: true,
    });
    expect(resolveAccountSelection({ selectedAccountId: 'gone', testMode: true }, [unverified, verified])).toEqual({
      selectedAccountId: 'acc-unverified',
      testMode: false,
      changed: true,
    });
  });

  it('falls back when nothing is stored', () => {
    expect(resolveAccountSelection({ selectedAccountId: null, testMode: true }, [unverified])).toMatchObject({
      selectedAccountId: 'acc-unverified',
      testMode: false,
      changed: true,
    });
  });

  it('changes nothing without memberships', () => {
    expect(resolveAccountSelection({ selectedAccountId: 'gone', testMode: true }, [])).toEqual({
      selectedAccountId: 'gone',
      testMode: true,
      changed: false,
    });
  });

  it('keeps an account a staff user opened this session', () => {
    expect(resolveAccountSelection({ selectedAccountId: 'acc-staff', testMode: false }, [verified], ['acc-staff'])).toEqual({
      selectedAccountId: 'acc-staff',
      testMode: false,
      changed: false,
    });
  });
});
