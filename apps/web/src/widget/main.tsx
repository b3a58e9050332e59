// The widget's entry: reads the bootstrap the server injected into the page, applies the account's theme and starts
// the flow; in the theme editor's preview it also applies the drafts the editor posts.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Link2Off } from 'lucide-react';
import type { WidgetBootstrap } from '@rampart/shared/widget';
import { Shell, WidgetApp } from './app';
import { NftApp } from './nft-app';
import { Preview, Started } from './components/theme-root';
import { createWidgetApi } from './lib/api';
import { applyTheme, isThemeConfig } from './lib/theme';
import './widget.css';

declare global {
  interface Window {
    __RAMPART_WIDGET__?: WidgetBootstrap;
  }
}

function isBootstrap(value: unknown): value is WidgetBootstrap {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<WidgetBootstrap>;
  return (
    typeof candidate.sessionToken === 'string' &&
    (candidate.flow === 'buy' || candidate.flow === 'sell' || candidate.flow === 'swap' || candidate.flow === 'nft') &&
    Array.isArray(candidate.currencies)
  );
}

function NoBootstrap() {
  return (
    <Shell partner={null}>
      <div className="flex flex-1 flex-col items-center justify-center text-center">
        <Link2Off aria-hidden className="size-10 text-muted-fg" />
        <h1 className="mt-3 text-xl font-semibold">Open this widget from a partner's link</h1>
        <p className="mt-2 text-sm text-muted-fg">This page works only when a partner's website or app opens it with its own link.</p>
      </div>
    </Shell>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('widget.html has no #root element');

const bootstrap = window.__RAMPART_WIDGET__;
if (isBootstrap(bootstrap)) {
  // A config that does not check out (an older shape, a hand-edited row) falls back to the built-in look.
  applyTheme({ config: isThemeConfig(bootstrap.themeConfig) ? bootstrap.themeConfig : null, mode: bootstrap.theme, colorCode: bootstrap.colorCode });
  const verb = bootstrap.flow === 'nft' ? 'Buy an NFT' : `${bootstrap.flow === 'sell' ? 'Sell' : bootstrap.flow === 'swap' ? 'Swap' : 'Buy'} crypto`;
  document.title = `${verb} · ${bootstrap.account.name}`;
  const api = createWidgetApi(bootstrap.sessionToken);
  const app = bootstrap.flow === 'nft' ? <NftApp bootstrap={bootstrap} api={api} /> : <WidgetApp bootstrap={bootstrap} api={api} />;
  createRoot(container).render(
    <StrictMode>
      <Started>{bootstrap.preview ? <Preview bootstrap={bootstrap}>{app}</Preview> : app}</Started>
    </StrictMode>,
  );
} else {
  applyTheme({ config: null, mode: null, colorCode: null });
  createRoot(container).render(
    <StrictMode>
      <Started>
        <NoBootstrap />
      </Started>
    </StrictMode>,
  );
}
