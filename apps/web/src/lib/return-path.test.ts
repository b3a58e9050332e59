import { describe, expect, it } from 'vitest';
import { returnPathFrom, safeReturnPath } from '@/lib/return-path';

describe('the address to return to after signing in', () => {
  it('prefers location.state.from, then ?from=, then the dashboard', () => {
    expect(returnPathFrom({ from: '/dashboard/swaps?tab=all' }, '?from=/developers')).toBe('/dashboard/swaps?tab=all');
    expect(returnPathFrom(null, '?from=%2Fdevelopers%3Fx%3D1')).toBe('/developers?x=1');
    expect(returnPathFrom(undefined, '')).toBe('/dashboard');
  });

  it('refuses other origins', () => {
    expect(returnPathFrom(null, '?from=//evil.example')).toBe('/dashboard');
    expect(returnPathFrom(null, '?from=https://evil.example')).toBe('/dashboard');
  });

  it('keeps only same-origin paths', () => {
    const origin = 'http://localhost:3000';
    expect(safeReturnPath('https://evil.example/steal', origin)).toBe('/dashboard');
    expect(safeReturnPath('//evil.example/steal', origin)).toBe('/dashboard');
    expect(safeReturnPath('/\\evil.example', origin)).toBe('/dashboard');
    expect(safeReturnPath('javascript:alert(1)', origin)).toBe('/dashboard');
    expect(safeReturnPath('http://localhost:3000/commerce?tab=2#top', origin)).toBe('/commerce?tab=2#top');
  });

  it('never returns to the sign-in screens', () => {
    expect(safeReturnPath('/login')).toBe('/dashboard');
    expect(safeReturnPath('/login?from=/x')).toBe('/dashboard');
    expect(safeReturnPath('/login/okta_callback')).toBe('/dashboard');
  });
});
