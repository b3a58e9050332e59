import fs from 'node:fs';
import path from 'node:path';
import { THEME_LOADER_TYPES, type ThemeConfig, type ThemeLoaderType } from '@rampart/shared/themes';
import type { WidgetBootstrap } from '@rampart/shared/widget';
import { escapeHtml, htmlDocument } from '../../lib/html.ts';

/** `https://host` of each allowed web-font host (THEME_FONT_HOSTS), plus Google's font files host when its CSS host is allowed. */
export function fontSources(fontHosts: readonly string[]): string[] {
  const hosts = new Set(fontHosts.map((host) => host.toLowerCase()).filter((host) => /^[a-z0-9.-]+$/.test(host)));
  // fonts.googleapis.com serves the stylesheet only; its @font-face files come from fonts.gstatic.com.
  if (hosts.has('fonts.googleapis.com')) hosts.add('fonts.gstatic.com');
  return [...hosts].map((host) => `https://${host}`);
}

/**
 * The Content-Security-Policy of a widget page: its own resources (and a theme's web font from the allowed font hosts)
 * only, framed only by the account's origins.
 */
export function widgetCsp(frameAncestors: string[], nonce: string, fontHosts: readonly string[] = []): string {
  const fonts = fontSources(fontHosts);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    ["style-src 'self' 'unsafe-inline'", ...fonts].join(' '),
    "img-src 'self' data: https:",
    "connect-src 'self'",
    ["font-src 'self' data:", ...fonts].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${["'self'", ...frameAncestors].join(' ')}`,
  ].join('; ');
}

/** A refusal page needs no script or outside resource; it may be framed where the widget may (anywhere when the account is unknown). */
export function refusalCsp(frameAncestors: string[] | null): string {
  return `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors ? ["'self'", ...frameAncestors].join(' ') : '*'}`;
}

/** A complete, self-styled page for a refused widget link (light and dark, no JavaScript). */
export function refusalPage(title: string, message: string, status: number): string {
  return htmlDocument({
    title: `${title} · Rampart`,
    head: `<meta name="color-scheme" content="light dark">
<style>
  :root { color-scheme: light dark; --bg: #f7f7f8; --card: #ffffff; --text: #18181b; --muted: #52525b; --border: #e4e4e7; --accent: #b91c1c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #09090b; --card: #18181b; --text: #fafafa; --muted: #a1a1aa; --border: #27272a; --accent: #f87171; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px; background: var(--bg); color: var(--text);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 420px; width: 100%; background: var(--card); border: 1px solid var(--border); border-radius: 16px; padding: 32px 28px; }
  .code { display: inline-block; font-size: 13px; font-weight: 600; color: var(--accent); letter-spacing: .04em; text-transform: uppercase; margin-bottom: 8px; }
  h1 { font-size: 20px; line-height: 1.3; margin: 0 0 12px; }
  p { margin: 0; color: var(--muted); }
  footer { margin-top: 24px; font-size: 13px; color: var(--muted); }
</style>`,
    body: `<main role="main">
  <span class="code">Error ${status}</span>
  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(message)}</p>
  <footer>Rampart widget · test mode</footer>
</main>`,
  });
}

/** The bootstrap script: JSON with "<" escaped, so no value can close the script element. */
export function bootstrapScript(bootstrap: WidgetBootstrap, nonce: string): string {
  return `<script nonce="${nonce}">window.__RAMPART_WIDGET__ = ${JSON.stringify(bootstrap)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;
}

/** The built widget page (apps/web/dist/widget/index.html), read again when the build changes; null when not built. */
export function widgetHtmlSource(webRoot: string | null) {
  const file = webRoot ? path.join(webRoot, 'widget', 'index.html') : null;
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string | null => {
    if (!file) return null;
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html;
  };
}

const HEX = /^#[0-9a-f]{6}$/i;
/** The built-in look's splash (widget.css --bg and --brand), for accounts without a theme and for any invalid colour. */
const DEFAULT_SPLASH = {
  lightBackground: '#f6f7fb',
  lightLoader: '#4f46e5',
  darkBackground: '#0d111a',
  darkLoader: '#8b8cf8',
  loaderType: 'spinner' as ThemeLoaderType,
};

/**
 * The splash screen, painted by the page before any script runs (its CSS is widget.css, a render-blocking stylesheet);
 * the widget removes it once the first step has rendered (main.tsx). Only #rrggbb colours and a known loader reach the
 * markup, so nothing in a stored theme can inject HTML or CSS. Light or dark follows `theme`, else the device (CSS).
 */
export function splashMarkup(config: ThemeConfig | null, mode: 'light' | 'dark' | null): string {
  const given = config?.splashScreen;
  const colour = (key: 'lightBackground' | 'lightLoader' | 'darkBackground' | 'darkLoader') =>
    typeof given?.[key] === 'string' && HEX.test(given[key]) ? given[key] : DEFAULT_SPLASH[key];
  const loader = given && (THEME_LOADER_TYPES as readonly string[]).includes(given.loaderType) ? given.loaderType : DEFAULT_SPLASH.loaderType;
  const style = `--splash-light-bg:${colour('lightBackground')};--splash-light-loader:${colour('lightLoader')};--splash-dark-bg:${colour('darkBackground')};--splash-dark-loader:${colour('darkLoader')}`;
  return `<div id="rampart-splash" class="rw-splash" data-loader="${loader}"${mode ? ` data-mode="${mode}"` : ''} style="${style}" role="progressbar" aria-label="Loading"><span class="rw-loader" aria-hidden="true"><i></i><i></i><i></i></span></div>`;
}

/** The page answered for a session: the built widget, or (API-only runs) a minimal shell, with the bootstrap before </head> and the splash first in <body>. */
export function widgetPage(built: string | null, bootstrap: WidgetBootstrap, nonce: string): string {
  const script = bootstrapScript(bootstrap, nonce);
  const splash = splashMarkup(bootstrap.themeConfig, bootstrap.theme);
  if (built) {
    // Vite's module scripts are same-origin files ('self'); only the bootstrap is inline, under the nonce.
    const withScript = built.includes('</head>') ? built.replace('</head>', `${script}</head>`) : `${script}${built}`;
    return withScript.replace(/<body[^>]*>/, (body) => `${body}${splash}`);
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rampart widget</title>
${script}</head>
<body>${splash}<div id="root">The widget front end is not built (npm run build -w @rampart/web).</div></body>
</html>`;
}
