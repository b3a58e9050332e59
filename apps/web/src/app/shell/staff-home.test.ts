import { describe, expect, it } from 'vitest';
import { staffHomePath } from '@/app/shell/nav-visibility';

describe('staff home', () => {
  it('is the first back-office screen the admin role opens, and none for partners', () => {
    expect(staffHomePath({ adminRole: 'Auditor' })).toBe('/admin/organizations');
    expect(staffHomePath({ adminRole: null })).toBeNull();
  });
});
