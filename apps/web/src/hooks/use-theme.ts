import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme, subscribeTheme, type ThemeChoice } from '@/lib/theme';

/**
 * Applies the stored theme (or `defaultChoice` when nothing is stored) to <html> and keeps it applied.
 * The public layout passes 'system', the app root 'dark' (spec §1).
 */
export function useTheme(defaultChoice: ThemeChoice) {
  const stored = useSyncExternalStore(subscribeTheme, readStoredTheme, () => null);
  const systemDark = useSyncExternalStore(
    subscribeTheme,
    () => resolveTheme('system') === 'dark',
    () => false,
  );
  const choice = stored ?? defaultChoice;

  useEffect(() => {
    applyTheme(choice);
  }, [choice, systemDark]);

  const setChoice = useCallback((next: ThemeChoice) => storeTheme(next), []);
  return { choice, resolved: resolveTheme(choice), setChoice };
}
