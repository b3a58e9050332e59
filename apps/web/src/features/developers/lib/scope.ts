import { useReactiveVar } from '@apollo/client/react';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';

/** Every developer screen follows the shell's selected account and its test/live mode. */
export function useDeveloperScope() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  return { accountId, testMode, liveMode: !testMode, modeLabel: testMode ? 'test' : 'live' } as const;
}
