// Colour maths of themes, over culori: WCAG contrast checks and the generated light and dark sets. The editor and the
// server use the same functions, so a warning in the editor is exactly what the server would compute.
import { converter, formatHex, parse, toGamut, wcagContrast, type Oklch } from 'culori';
import {
  THEME_COLOR_KEYS,
  THEME_CONTRAST_PAIRS,
  THEME_MODES,
  THEME_SPLASH_LOADER_MINIMUM_CONTRAST,
  type ThemeColorKey,
  type ThemeColorSet,
  type ThemeConfig,
  type ThemeMode,
} from './themes.ts';

const toOklch = converter('oklch');
const intoRgb = toGamut('rgb', 'oklch');

export function contrastRatio(foreground: string, background: string): number {
  return wcagContrast(foreground, background);
}

export interface ThemeContrastIssue {
  mode: ThemeMode;
  /** The colour keys of the pair, or "splashLoader"/"splashBackground" for the splash screen. */
  foreground: ThemeColorKey | 'splashLoader';
  background: ThemeColorKey | 'splashBackground';
  what: string;
  ratio: number;
  minimum: number;
}

/** Every pair of the config below its AA minimum, light first. */
export function contrastIssues(config: Pick<ThemeConfig, 'light' | 'dark' | 'splashScreen'>): ThemeContrastIssue[] {
  const issues: ThemeContrastIssue[] = [];
  for (const mode of THEME_MODES) {
    const set = config[mode];
    for (const pair of THEME_CONTRAST_PAIRS) {
      const ratio = contrastRatio(set[pair.foreground], set[pair.background]);
      if (ratio < pair.minimum) issues.push({ mode, foreground: pair.foreground, background: pair.background, what: pair.what, ratio, minimum: pair.minimum });
    }
    const splash = config.splashScreen;
    const ratio = contrastRatio(mode === 'light' ? splash.lightLoader : splash.darkLoader, mode === 'light' ? splash.lightBackground : splash.darkBackground);
    if (ratio < THEME_SPLASH_LOADER_MINIMUM_CONTRAST) {
      issues.push({
        mode,
        foreground: 'splashLoader',
        background: 'splashBackground',
        what: 'The loader on the splash screen',
        ratio,
        minimum: THEME_SPLASH_LOADER_MINIMUM_CONTRAST,
      });
    }
  }
  return issues;
}

/** "4.52:1", rounded down so a ratio shown as 4.5:1 always passes. */
export function formatContrastRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2).replace(/0$/, '')}:1`;
}

function hexOf(color: Oklch): string {
  return formatHex(intoRgb(color));
}

function oklchOf(hex: string): Oklch {
  const parsed = parse(hex);
  if (!parsed) throw new Error(`not a colour: ${hex}`);
  const color = toOklch(parsed);
  return { mode: 'oklch', l: color.l, c: color.c ?? 0, h: color.h ?? 0 };
}

/**
 * The colour nearest to `color` (same hue and chroma, lightness moved in small steps towards black or white, whichever
 * reaches the minimum first) that meets `minimum` against `against`.
 */
export function withContrast(color: string, against: string, minimum: number): string {
  if (contrastRatio(color, against) >= minimum) return color;
  const start = oklchOf(color);
  const backgroundIsLight = oklchOf(against).l > 0.6;
  const directions = backgroundIsLight ? [-1, 1] : [1, -1];
  for (const direction of directions) {
    for (let step = 1; step <= 100; step += 1) {
      const l = start.l + (direction * step) / 100;
      if (l < 0 || l > 1) break;
      const candidate = hexOf({ ...start, l });
      if (contrastRatio(candidate, against) >= minimum) return candidate;
    }
  }
  return backgroundIsLight ? '#000000' : '#ffffff';
}

/** White or near-black text on `background`, whichever reads better. */
export function readableTextOn(background: string, tint = 0): string {
  const dark = hexOf({ mode: 'oklch', l: 0.18, c: Math.min(tint, 0.03), h: oklchOf(background).h ?? 0 });
  return contrastRatio('#ffffff', background) >= contrastRatio(dark, background) ? '#ffffff' : dark;
}

function tone(hue: number, l: number, c: number): string {
  return hexOf({ mode: 'oklch', l, c, h: hue });
}

/** A button colour and its text meeting 4.5:1, kept as close to the brand colour as that allows. */
function buttonColors(brand: string, surface: string): { primary: string; primaryText: string } {
  let primary = brand;
  let primaryText = readableTextOn(primary);
  if (contrastRatio(primaryText, primary) < 4.5) {
    // Neither white nor near-black reads on it: move the button's lightness away from the text chosen.
    const textIsWhite = primaryText === '#ffffff';
    const start = oklchOf(primary);
    for (let step = 1; step <= 100; step += 1) {
      const l = start.l + ((textIsWhite ? -1 : 1) * step) / 100;
      if (l < 0 || l > 1) break;
      primary = hexOf({ ...start, l });
      if (contrastRatio(primaryText, primary) >= 4.5) break;
    }
  }
  if (contrastRatio(primary, surface) < 3) {
    primary = withContrast(primary, surface, 3);
    primaryText = readableTextOn(primary);
    if (contrastRatio(primaryText, primary) < 4.5) primaryText = withContrast(primaryText, primary, 4.5);
  }
  return { primary, primaryText };
}

function colorSet(brand: string, mode: ThemeMode): ThemeColorSet {
  const { h, c } = oklchOf(brand);
  const hue = h ?? 0;
  // Neutrals carry a trace of the brand's hue (as Stripe's and MoonPay's do); greys stay grey.
  const tint = Math.min(c, 0.02);
  const light = mode === 'light';
  const set: ThemeColorSet = {
    background: tone(hue, light ? 0.975 : 0.16, tint * 0.6),
    surface: light ? '#ffffff' : tone(hue, 0.21, tint),
    surfaceMuted: tone(hue, light ? 0.955 : 0.26, tint),
    text: tone(hue, light ? 0.2 : 0.96, tint),
    textMuted: tone(hue, light ? 0.46 : 0.75, tint),
    border: tone(hue, light ? 0.9 : 0.32, tint),
    inputBackground: light ? '#ffffff' : tone(hue, 0.18, tint),
    primary: brand,
    primaryText: '#ffffff',
    danger: light ? '#b42318' : '#fda29b',
    success: light ? '#067647' : '#75e0a7',
  };
  // In the dark set the brand colour is lifted so it stands out from the dark card.
  const brandForMode = light ? brand : oklchOf(brand).l < 0.62 ? tone(hue, 0.7, c) : brand;
  Object.assign(set, buttonColors(brandForMode, set.surface));
  // Whatever the brand, every pair must pass: text colours are moved until they do.
  for (const pair of THEME_CONTRAST_PAIRS) {
    if (pair.foreground === 'primaryText' || pair.foreground === 'primary') continue;
    let color = set[pair.foreground];
    for (const background of THEME_CONTRAST_PAIRS.filter((p) => p.foreground === pair.foreground).map((p) => set[p.background])) {
      color = withContrast(color, background, pair.minimum);
    }
    set[pair.foreground] = color;
  }
  return set;
}

/**
 * Complete light and dark sets from a brand colour, every text and button pair meeting WCAG AA (checked by
 * contrastIssues). The splash screen takes the card colour as background and the button colour as loader.
 */
export function generateThemeConfig(brandColor: string): ThemeConfig {
  const light = colorSet(brandColor, 'light');
  const dark = colorSet(brandColor, 'dark');
  return {
    light,
    dark,
    fontFamily: 'system',
    fontUrl: null,
    splashScreen: {
      lightBackground: light.surface,
      lightLoader: withContrast(light.primary, light.surface, THEME_SPLASH_LOADER_MINIMUM_CONTRAST),
      darkBackground: dark.background,
      darkLoader: withContrast(dark.primary, dark.background, THEME_SPLASH_LOADER_MINIMUM_CONTRAST),
      loaderType: 'spinner',
    },
  };
}

/** The most colourful of some candidate colours (a logo's dominant colours): greys, near-white and near-black lose. */
export function mostBrandLike(candidates: readonly { color: string; weight: number }[]): string | null {
  let best: { color: string; score: number } | null = null;
  for (const candidate of candidates) {
    const { l, c } = oklchOf(candidate.color);
    if (l > 0.95 || l < 0.12) continue;
    const score = (c + 0.01) * Math.sqrt(candidate.weight);
    if (!best || score > best.score) best = { color: candidate.color, score };
  }
  return best?.color ?? candidates[0]?.color ?? null;
}

export function isThemeColorKey(value: string): value is ThemeColorKey {
  return (THEME_COLOR_KEYS as readonly string[]).includes(value);
}
