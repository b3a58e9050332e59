import { describe, expect, it } from 'vitest';
import { getReturnTo } from '@/features/auth/lib/return-to';

describe('getReturnTo', () => {
  it('prefers location.state.from, then ?from=, then /dashboard', () => {
    expect(getReturnTo({ from: '/team' }, '?from=/customers')).toBe('/team');
    expect(getReturnTo(null, '?from=%2Fcustomers%3Fpage%3D2')).toBe('/customers?page=2');
    expect(getReturnTo(undefined, '')).toBe('/dashboard');
  });

  it('refuses other origins', () => {
    expect(getReturnTo(null, '?from=//evil.example')).toBe('/dashboard');
    expect(getReturnTo(null, '?from=https://evil.example')).toBe('/dashboard');
  });
});
