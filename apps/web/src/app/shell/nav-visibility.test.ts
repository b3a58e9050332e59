import { describe, expect, it } from 'vitest';
import { navItemVisible } from '@/app/shell/nav-visibility';
import { NAV_GROUPS } from '@/components/layouts/sidebar-nav';

const items = NAV_GROUPS.flatMap((group) => group.items);
const labels = (role: Parameters<typeof navItemVisible>[1], hasAccount = true, flags: string[] = []) =>
  items.filter((item) => navItemVisible(item, role, hasAccount, new Set(flags))).map((item) => item.label);

describe('sidebar visibility', () => {
  it('shows an administrator everything but the flagged areas and the admin section', () => {
    const shown = labels({ role: 'administrator', adminRole: null });
    expect(shown).toContain('Team');
    expect(shown).toContain('Developers');
    expect(shown).not.toContain('Passes');
    expect(shown).not.toContain('Quarterly review');
    expect(shown).not.toContain('Audit trail');
  });

  it('shows flagged areas when their flags are on', () => {
    expect(labels({ role: 'administrator', adminRole: null }, true, ['passes', 'quarterly-review'])).toEqual(
      expect.arrayContaining(['Passes', 'Quarterly review']),
    );
  });

  it('hides Developers and Subscription from analysts and support specialists', () => {
    for (const role of ['analyst', 'support_specialist'] as const) {
      const shown = labels({ role, adminRole: null });
      expect(shown).not.toContain('Developers');
      expect(shown).not.toContain('Subscription');
      expect(shown).toContain('Team');
    }
    expect(labels({ role: 'support_specialist', adminRole: null })).not.toContain('Analytics');
  });

  it('shows Theme to the roles that may read themes (administrators, developers) and to staff who view them', () => {
    expect(labels({ role: 'administrator', adminRole: null })).toContain('Theme');
    expect(labels({ role: 'developer', adminRole: null })).toContain('Theme');
    for (const role of ['analyst', 'support_specialist'] as const) expect(labels({ role, adminRole: null })).not.toContain('Theme');
    expect(labels({ role: null, adminRole: 'Auditor' })).toContain('Theme');
  });

  it('shows the admin section to auditing staff, and account areas only with an account', () => {
    expect(labels({ role: null, adminRole: 'Auditor' }, false)).toEqual([
      'Dashboard',
      'Profile',
      'Organizations',
      'Audit trail',
      'Business verification',
      'Currencies',
      'Wallets',
      'All customers',
      'Due diligence',
      'Pricing',
      'Payment methods',
    ]);
  });

  it('shows Business verification to KYB staff and the Blocked list to those who keep it', () => {
    expect(labels({ role: null, adminRole: 'KybAnalyst' }, false)).toContain('Business verification');
    expect(labels({ role: null, adminRole: 'KybAnalyst' }, false)).not.toContain('Blocked list');
    expect(labels({ role: null, adminRole: 'RiskManager' }, false)).toContain('Blocked list');
    expect(labels({ role: null, adminRole: 'RiskManager' }, false)).not.toContain('Business verification');
    expect(labels({ role: 'administrator', adminRole: null })).not.toContain('Business verification');
  });

  it('shows Staff only to staff whose role may view the staff (SuperAdmin in the table)', () => {
    expect(labels({ role: null, adminRole: 'SuperAdmin' }, false)).toContain('Staff');
    for (const adminRole of ['Admin', 'SupportAgentTier1', 'Auditor']) expect(labels({ role: null, adminRole }, false)).not.toContain('Staff');
    expect(labels({ role: 'administrator', adminRole: null })).not.toContain('Staff');
  });

  it('shows Currencies to staff who view currencies and Wallets to those who view wallets, never to partners', () => {
    expect(labels({ role: null, adminRole: 'ProductManager' }, false)).toContain('Currencies');
    expect(labels({ role: null, adminRole: 'ProductManager' }, false)).not.toContain('Wallets');
    expect(labels({ role: null, adminRole: 'SupportAgentTier1' }, false)).not.toContain('Currencies');
    expect(labels({ role: null, adminRole: 'SupportAgentTier1' }, false)).not.toContain('Wallets');
    expect(labels({ role: 'administrator', adminRole: null })).not.toContain('Currencies');
    expect(labels({ role: 'administrator', adminRole: null })).not.toContain('Wallets');
  });
});
