import { useEffect } from 'react';
import { setTestMode, testModeVar } from '@/lib/local-state';

/**
 * Live mode for the selected account follows the server's Account.canUseLiveMode: while it is false the shell stays in
 * test mode (the server refuses live keys and live webhooks then) and the switch says why. Unknown (still loading):
 * not locked, so a verified account's switch does not flicker.
 */
export function useLiveModeLock(account: { canUseLiveMode: boolean } | null | undefined): boolean {
  const locked = account?.canUseLiveMode === false;
  useEffect(() => {
    if (locked && !testModeVar()) setTestMode(true);
  }, [locked]);
  return locked;
}
