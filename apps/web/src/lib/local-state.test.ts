import { describe, expect, it } from 'vitest';
import { readStoredTestMode, setSelectedAccountId, setTestMode, testModeVar } from '@/lib/local-state';

describe('local state', () => {
  it('stores test mode as "true"/"false" on every change', () => {
    setTestMode(false);
    expect(window.localStorage.getItem('testMode')).toBe('false');
    expect(testModeVar()).toBe(false);
    setTestMode(true);
    expect(window.localStorage.getItem('testMode')).toBe('true');
    expect(readStoredTestMode()).toBe(true);
  });

  it('test mode is on when nothing is stored', () => {
    window.localStorage.removeItem('testMode');
    expect(readStoredTestMode()).toBe(true);
  });

  it('stores the selected account id', () => {
    setSelectedAccountId('acc-1');
    expect(window.localStorage.getItem('selectedAccountId')).toBe('acc-1');
    setSelectedAccountId(null);
    expect(window.localStorage.getItem('selectedAccountId')).toBeNull();
  });
});
