import { describe, expect, it } from 'vitest';
import { supportContactKey, supportIdentity } from '@/features/support/lib/support-identity';

const complete = {
  userId: 'u1',
  accountId: 'a1',
  userHash: 'hash',
  email: 'ada@example.com',
  name: 'Ada',
  organizationName: 'Acme',
  plan: 'Pro',
};

describe('supportIdentity (spec §5)', () => {
  it('offers the chat when everything is present and the plan is not Free', () => {
    expect(supportIdentity(complete)).toEqual(complete);
    expect(supportIdentity({ ...complete, plan: 'Basic' })).not.toBeNull();
  });

  it('refuses on the Free plan', () => {
    expect(supportIdentity({ ...complete, plan: 'Free' })).toBeNull();
  });

  it.each(['accountId', 'userHash', 'email', 'name', 'organizationName'] as const)('refuses without %s', (field) => {
    expect(supportIdentity({ ...complete, [field]: null })).toBeNull();
    expect(supportIdentity({ ...complete, [field]: '  ' })).toBeNull();
  });
});

describe('supportContactKey', () => {
  it('is known once account, e-mail, name and company are', () => {
    expect(supportContactKey(complete)).toBe('["a1","ada@example.com","Ada","Acme"]');
    expect(supportContactKey({ ...complete, organizationName: undefined })).toBeNull();
  });
});
