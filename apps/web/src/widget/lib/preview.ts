// The theme editor's live preview (bootstrap.preview, URL preview=1): the dashboard posts drafts to this page in its
// iframe, which applies them without saving. Both directions are origin-checked.
import { THEME_MODES, THEME_PREVIEW_MESSAGE, WIDGET_READY_MESSAGE } from '@rampart/shared/theme-tokens';
import type { ThemeConfig, ThemeMode } from '@rampart/shared/themes';
import { isThemeConfig } from './theme';

export interface PreviewDraft {
  config: ThemeConfig;
  mode: ThemeMode;
  showSplash: boolean;
}

/**
 * The draft of a `rampart:theme-preview` message, or null when it is to be ignored: sent from another origin than the
 * dashboard's, by another window than the one framing this page, or not a valid theme.
 */
export function previewDraft(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, dashboardOrigin: string, parent: Window | null): PreviewDraft | null {
  // Not framed (parent is the page itself): nobody may drive the preview.
  if (!parent || parent === window) return null;
  if (event.origin !== dashboardOrigin || event.source !== parent) return null;
  const data = event.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || data.type !== THEME_PREVIEW_MESSAGE) return null;
  if (!(THEME_MODES as readonly unknown[]).includes(data.mode) || typeof data.showSplash !== 'boolean' || !isThemeConfig(data.config)) return null;
  return { config: data.config, mode: data.mode as ThemeMode, showSplash: data.showSplash };
}

/** Listens for drafts and tells the editor this page is ready for them; returns the stop function. */
export function startPreview(dashboardOrigin: string, onDraft: (draft: PreviewDraft) => void): () => void {
  const listener = (event: MessageEvent) => {
    const draft = previewDraft(event, dashboardOrigin, window.parent);
    if (draft) onDraft(draft);
  };
  window.addEventListener('message', listener);
  if (window.parent !== window) window.parent.postMessage({ type: WIDGET_READY_MESSAGE }, dashboardOrigin);
  return () => window.removeEventListener('message', listener);
}
