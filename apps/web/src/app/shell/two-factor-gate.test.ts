import { describe, expect, it } from 'vitest';
import { twoFactorSetupPath } from '@/app/shell/two-factor-gate';

describe('two-factor set-up before anything else', () => {
  const user = { isOtpEnabled: false, isOtpEnforced: false, adminRole: null };

  it('sends staff without two-factor authentication to the set-up, saying why', () => {
    expect(twoFactorSetupPath({ ...user, adminRole: 'SuperAdmin' }, '/admin/audit')).toBe('/setup_2fa?reason=staff');
    expect(twoFactorSetupPath({ ...user, adminRole: 'Auditor', isOtpEnabled: true }, '/admin/audit')).toBeNull();
  });

  it('keeps sending users it is enforced for, and leaves the others and the set-up screen itself alone', () => {
    expect(twoFactorSetupPath({ ...user, isOtpEnforced: true }, '/dashboard')).toBe('/setup_2fa');
    expect(twoFactorSetupPath(user, '/dashboard')).toBeNull();
    // An unknown role is no staff role (the permission table grants it nothing).
    expect(twoFactorSetupPath({ ...user, adminRole: 'Wizard' }, '/dashboard')).toBeNull();
    expect(twoFactorSetupPath({ ...user, adminRole: 'SuperAdmin' }, '/setup_2fa')).toBeNull();
    expect(twoFactorSetupPath(null, '/dashboard')).toBeNull();
  });
});
