import { describe, expect, it } from 'vitest';
import { originalUriFrom, safeReturnPath } from './original-uri';

describe('the address to return to after SSO', () => {
  it('prefers location.state.from, then ?from=, then the dashboard', () => {
    expect(originalUriFrom({ from: '/dashboard/swaps?tab=all' }, '?from=/developers')).toBe('/dashboard/swaps?tab=all');
    expect(originalUriFrom(null, '?from=%2Fdevelopers%3Fx%3D1')).toBe('/developers?x=1');
    expect(originalUriFrom(undefined, '')).toBe('/dashboard');
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
