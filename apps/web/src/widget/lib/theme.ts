// The widget's look: the account's theme (light and dark colour sets, font, splash) or the built-in one, light or dark
// by the partner's `theme` else the device, and the partner's colorCode over the button colour. Only theme-tokens is
// imported at run time: themes.ts carries zod and theme-colors.ts culori, both too heavy for the widget.
import {
  isSystemFont,
  THEME_COLOR_CSS_VARIABLE,
  THEME_COLOR_KEYS,
  THEME_FONT_NAME_PATTERN,
  THEME_LOADER_TYPES,
  themeFontStack,
} from '@rampart/shared/theme-tokens';
import type { ThemeConfig, ThemeMode } from '@rampart/shared/themes';

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

/** WCAG relative luminance of #RRGGBB. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on the partner's colorCode: white or near-black, whichever reads better (the theme's button text is for its own button colour). */
export function accentForeground(accent: string): '#ffffff' | '#0b1020' {
  return contrastRatio(accent, '#ffffff') >= contrastRatio(accent, '#0b1020') ? '#ffffff' : '#0b1020';
}

export function prefersDark(theme: 'light' | 'dark' | null, mediaDark: boolean): boolean {
  return theme === 'dark' || (theme === null && mediaDark);
}

const STORED_HEX = /^#[0-9a-f]{6}$/;
const isColourSet = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  THEME_COLOR_KEYS.every((key) => typeof (value as Record<string, unknown>)[key] === 'string' && STORED_HEX.test((value as Record<string, string>)[key]!));

/**
 * Whether a value is a theme config as the server stores it (themeConfigSchema's output: lower-case #rrggbb colours,
 * a system font or a web font named plainly with an https stylesheet). The widget checks drafts with this instead of
 * the zod schema, which would add about 25 KB gzip to its bundle; a test keeps the two in agreement.
 */
export function isThemeConfig(value: unknown): value is ThemeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  if (!isColourSet(config.light) || !isColourSet(config.dark)) return false;
  const splash = config.splashScreen as Record<string, unknown> | null | undefined;
  if (typeof splash !== 'object' || splash === null) return false;
  if (
    !(['lightBackground', 'lightLoader', 'darkBackground', 'darkLoader'] as const).every(
      (key) => typeof splash[key] === 'string' && STORED_HEX.test(splash[key]),
    )
  )
    return false;
  if (!(THEME_LOADER_TYPES as readonly unknown[]).includes(splash.loaderType)) return false;
  const { fontFamily, fontUrl } = config;
  if (typeof fontFamily !== 'string') return false;
  if (fontUrl === null || fontUrl === undefined) return isSystemFont(fontFamily);
  if (typeof fontUrl !== 'string' || fontUrl.length > 500 || isSystemFont(fontFamily) || !THEME_FONT_NAME_PATTERN.test(fontFamily)) return false;
  try {
    const url = new URL(fontUrl);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export interface ThemeState {
  /** The account's active theme or the editor's draft; null: the built-in look (widget.css). */
  config: ThemeConfig | null;
  /** Forced light or dark (the `theme` parameter, or the editor's switch); null: the device's preference. */
  mode: ThemeMode | null;
  /** The partner's colorCode parameter: replaces the button colour of any theme. */
  colorCode: string | null;
}

const FONT_LINK_ID = 'rampart-theme-font';
let current: ThemeState = { config: null, mode: null, colorCode: null };
let watching: MediaQueryList | null = null;

function darkMedia(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

/** The mode the widget shows now. */
export function currentMode(state: ThemeState = current): ThemeMode {
  return prefersDark(state.mode, darkMedia()?.matches ?? false) ? 'dark' : 'light';
}

/** The web font's stylesheet, one <link> replaced as the font changes (the CSP allows the provider's font hosts only). */
function setFontStylesheet(url: string | null) {
  let link = document.getElementById(FONT_LINK_ID) as HTMLLinkElement | null;
  if (!url) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.id = FONT_LINK_ID;
    link.rel = 'stylesheet';
    link.referrerPolicy = 'no-referrer';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== url) link.href = url;
}

function paint(state: ThemeState) {
  const root = document.documentElement;
  const mode = currentMode(state);
  root.classList.toggle('dark', mode === 'dark');
  const set = state.config?.[mode];
  for (const key of THEME_COLOR_KEYS) {
    if (set) root.style.setProperty(THEME_COLOR_CSS_VARIABLE[key], set[key]);
    else root.style.removeProperty(THEME_COLOR_CSS_VARIABLE[key]);
  }
  if (state.config) root.style.setProperty('--font', themeFontStack(state.config.fontFamily));
  else root.style.removeProperty('--font');
  setFontStylesheet(state.config?.fontUrl ?? null);
  if (isHexColor(state.colorCode)) {
    root.style.setProperty('--brand', state.colorCode);
    root.style.setProperty('--brand-foreground', accentForeground(state.colorCode));
  }
}

/** Applies a theme to <html> now and again whenever the device switches between light and dark (when no mode is forced). */
export function applyTheme(state: ThemeState): void {
  current = state;
  if (!watching) {
    watching = darkMedia();
    watching?.addEventListener?.('change', () => paint(current));
  }
  paint(current);
}

/** What applyTheme last applied (the preview starts from it). */
export function appliedTheme(): ThemeState {
  return current;
}
