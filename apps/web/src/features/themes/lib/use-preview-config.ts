import type { ThemeConfig } from '@rampart/shared/themes';
import { useMemo, useState } from 'react';
import { previewableConfig, validConfigOf, type ThemeDraft } from '@/features/themes/lib/theme-draft';

/**
 * The configuration the preview shows: the draft's when it is valid, else the last valid one (while a colour is half
 * typed the preview keeps showing the previous colour); null only when no valid draft has been seen.
 */
export function usePreviewConfig(draft: ThemeDraft, allowedFontHosts: readonly string[], initial: ThemeDraft): ThemeConfig | null {
  const [lastValid, setLastValid] = useState<ThemeConfig | null>(() => validConfigOf(initial));
  const validConfig = useMemo(() => {
    const config = validConfigOf(draft);
    return config ? previewableConfig(config, allowedFontHosts) : null;
  }, [draft, allowedFontHosts]);
  // Adjusted while rendering (validConfig is memoised, so this settles in one extra render).
  if (validConfig && validConfig !== lastValid) setLastValid(validConfig);
  return validConfig ?? lastValid;
}
