// Around the widget: the end of the start-up splash, and the theme editor's live preview.
import { type ReactNode, useEffect, useState } from 'react';
import type { WidgetBootstrap } from '@rampart/shared/widget';
import { type PreviewDraft, startPreview } from '../lib/preview';
import { applyTheme } from '../lib/theme';
import { Splash } from './splash';

/** Removes the server-painted splash once the first step has rendered (effects run after React's first commit). */
export function Started({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.getElementById('rampart-splash')?.remove();
  }, []);
  return children;
}

/** The editor's preview: each valid draft is applied at once (its mode forced), and its splash shown when asked. */
export function Preview({ bootstrap, children }: { bootstrap: WidgetBootstrap; children: ReactNode }) {
  const [draft, setDraft] = useState<PreviewDraft | null>(null);
  const dashboardOrigin = bootstrap.preview?.dashboardOrigin ?? null;
  useEffect(() => {
    if (!dashboardOrigin) return;
    return startPreview(dashboardOrigin, (next) => {
      applyTheme({ config: next.config, mode: next.mode, colorCode: bootstrap.colorCode });
      setDraft(next);
    });
  }, [dashboardOrigin, bootstrap.colorCode]);
  return (
    <>
      {children}
      {draft?.showSplash ? <Splash splash={draft.config.splashScreen} mode={draft.mode} /> : null}
    </>
  );
}
