import { contrastIssues, formatContrastRatio, type ThemeContrastIssue } from '@rampart/shared/theme-colors';
import {
  allowedFontHost,
  isSystemFont,
  THEME_COLOR_KEYS,
  THEME_COLOR_LABEL,
  THEME_LOADER_TYPES,
  THEME_PREVIEW_MESSAGE,
  THEME_SYSTEM_FONT_KEYS,
  themeConfigSchema,
  themeNameSchema,
  WIDGET_READY_MESSAGE,
  type ThemeColorKey,
  type ThemeColorSet,
  type ThemeConfig,
  type ThemeLoaderType,
  type ThemeMode,
  type ThemePreviewMessage,
  type ThemeSystemFont,
} from '@rampart/shared/themes';
import { z } from 'zod';

// The editor's draft: what the form holds while the partner edits (the font as "system or web font" rather than the
// config's one fontFamily string), its mapping to and from the saved config, and the contrast warnings it shows.

export type FontSource = 'system' | 'web';

export interface ThemeDraft {
  name: string;
  light: ThemeColorSet;
  dark: ThemeColorSet;
  fontSource: FontSource;
  systemFont: ThemeSystemFont;
  webFontFamily: string;
  webFontUrl: string;
  splashScreen: {
    lightBackground: string;
    lightLoader: string;
    darkBackground: string;
    darkLoader: string;
    loaderType: ThemeLoaderType;
  };
}

/** A saved theme's config as the API returns it (with __typename and a nullable fontUrl). */
export interface SavedThemeConfig {
  light: ThemeColorSet;
  dark: ThemeColorSet;
  fontFamily: string;
  fontUrl?: string | null;
  splashScreen: ThemeDraft['splashScreen'];
}

function colorSet(set: ThemeColorSet): ThemeColorSet {
  return Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, set[key]])) as ThemeColorSet;
}

/** The form's values of a saved theme. */
export function draftFromTheme(name: string, config: SavedThemeConfig): ThemeDraft {
  const web = !isSystemFont(config.fontFamily) || Boolean(config.fontUrl);
  return {
    name,
    light: colorSet(config.light),
    dark: colorSet(config.dark),
    fontSource: web ? 'web' : 'system',
    systemFont: isSystemFont(config.fontFamily) ? config.fontFamily : 'system',
    webFontFamily: web ? config.fontFamily : '',
    webFontUrl: web ? (config.fontUrl ?? '') : '',
    splashScreen: {
      lightBackground: config.splashScreen.lightBackground,
      lightLoader: config.splashScreen.lightLoader,
      darkBackground: config.splashScreen.darkBackground,
      darkLoader: config.splashScreen.darkLoader,
      loaderType: config.splashScreen.loaderType,
    },
  };
}

/** The config input of a draft, as typed (updateActiveTheme's `config`; the server normalises colours). */
export function configInputFromDraft(draft: ThemeDraft): {
  light: ThemeColorSet;
  dark: ThemeColorSet;
  fontFamily: string;
  fontUrl: string | null;
  splashScreen: ThemeDraft['splashScreen'];
} {
  const web = draft.fontSource === 'web';
  return {
    light: colorSet(draft.light),
    dark: colorSet(draft.dark),
    fontFamily: web ? draft.webFontFamily.trim() : draft.systemFont,
    fontUrl: web ? draft.webFontUrl.trim() || null : null,
    splashScreen: { ...draft.splashScreen },
  };
}

/** The draft's config when it is valid (normalised as the server stores it), else null. */
export function validConfigOf(draft: ThemeDraft): ThemeConfig | null {
  const parsed = themeConfigSchema.safeParse(configInputFromDraft(draft));
  return parsed.success ? parsed.data : null;
}

/** Where a config issue belongs in the draft form. */
function draftPath(path: readonly PropertyKey[], draft: ThemeDraft): (string | number)[] {
  const [head, ...rest] = path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (head === 'fontFamily') return [draft.fontSource === 'web' ? 'webFontFamily' : 'systemFont'];
  if (head === 'fontUrl') return ['webFontUrl'];
  return head === undefined ? [] : [head, ...rest];
}

const colorSetShape = z.object(Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, z.string()])) as Record<ThemeColorKey, z.ZodString>);

/**
 * The editor form's schema: the shared config rules (themeConfigSchema) put on the draft's own fields, plus the
 * provider's font hosts, so the partner sees the server's refusal before saving.
 */
export function themeDraftSchema(allowedFontHosts: readonly string[]) {
  return z
    .object({
      name: z.string(),
      light: colorSetShape,
      dark: colorSetShape,
      fontSource: z.enum(['system', 'web']),
      systemFont: z.enum(THEME_SYSTEM_FONT_KEYS as [ThemeSystemFont, ...ThemeSystemFont[]]),
      webFontFamily: z.string(),
      webFontUrl: z.string(),
      splashScreen: z.object({
        lightBackground: z.string(),
        lightLoader: z.string(),
        darkBackground: z.string(),
        darkLoader: z.string(),
        loaderType: z.enum(THEME_LOADER_TYPES),
      }),
    })
    .superRefine((draft, context) => {
      const name = themeNameSchema.safeParse(draft.name);
      if (!name.success) context.addIssue({ code: 'custom', path: ['name'], message: name.error.issues[0]?.message ?? 'Give the theme a name.' });
      if (draft.fontSource === 'web' && !draft.webFontUrl.trim()) {
        context.addIssue({ code: 'custom', path: ['webFontUrl'], message: 'Enter the web font’s stylesheet URL, starting with https://.' });
      }
      const parsed = themeConfigSchema.safeParse(configInputFromDraft(draft));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          if (draft.fontSource === 'web' && !draft.webFontUrl.trim() && issue.path[0] === 'fontFamily') continue;
          context.addIssue({ code: 'custom', path: draftPath(issue.path, draft), message: issue.message });
        }
        return;
      }
      const url = parsed.data.fontUrl;
      if (url && !allowedFontHost(url, allowedFontHosts)) {
        context.addIssue({ code: 'custom', path: ['webFontUrl'], message: `Web fonts can come from ${allowedFontHosts.join(', ')} only.` });
      }
    });
}

/** Server field names of updateActiveTheme's BAD_USER_INPUT → the draft's fields. */
export function draftFieldOf(serverField: string, fontSource: FontSource): string | null {
  const field = serverField.replace(/^config\./, '');
  if (field === 'name') return 'name';
  if (field === 'fontFamily') return fontSource === 'web' ? 'webFontFamily' : 'systemFont';
  if (field === 'fontUrl') return 'webFontUrl';
  if (/^(light|dark)\.[a-zA-Z]+$/.test(field) || /^splashScreen\.[a-zA-Z]+$/.test(field)) return field;
  return null;
}

export interface ContrastWarning {
  /** The draft field the warning is shown next to (the foreground colour of the pair). */
  field: string;
  text: string;
}

function describeIssue(issue: ThemeContrastIssue): string {
  return `${issue.what}: ${formatContrastRatio(issue.ratio)}, needs ${issue.minimum}:1`;
}

/** The failing contrast pairs of one mode, each placed next to its foreground colour. Colours still being typed are skipped. */
export function contrastWarnings(draft: ThemeDraft, mode: ThemeMode): ContrastWarning[] {
  const config = validConfigOf(draft);
  if (!config) return partialWarnings(draft, mode);
  return contrastIssues(config)
    .filter((issue) => issue.mode === mode)
    .map((issue) => ({
      field: issue.foreground === 'splashLoader' ? `splashScreen.${mode}Loader` : `${mode}.${issue.foreground}`,
      text: describeIssue(issue),
    }));
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** With an invalid colour somewhere, still check the pairs whose two colours are valid. */
function partialWarnings(draft: ThemeDraft, mode: ThemeMode): ContrastWarning[] {
  const valid = (value: string) => HEX.test(value.trim());
  const fallback = '#808080';
  const set = Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, valid(draft[mode][key]) ? draft[mode][key].trim() : fallback])) as ThemeColorSet;
  const splash = draft.splashScreen;
  const config = {
    light: set,
    dark: set,
    splashScreen: {
      ...splash,
      lightBackground: valid(splash.lightBackground) ? splash.lightBackground : fallback,
      lightLoader: valid(splash.lightLoader) ? splash.lightLoader : fallback,
      darkBackground: valid(splash.darkBackground) ? splash.darkBackground : fallback,
      darkLoader: valid(splash.darkLoader) ? splash.darkLoader : fallback,
    },
  };
  return contrastIssues(config)
    .filter((issue) => issue.mode === mode)
    .filter((issue) => {
      if (issue.foreground === 'splashLoader') return valid(splash[`${mode}Loader`]) && valid(splash[`${mode}Background`]);
      return valid(draft[mode][issue.foreground]) && valid(draft[mode][issue.background as ThemeColorKey]);
    })
    .map((issue) => ({
      field: issue.foreground === 'splashLoader' ? `splashScreen.${mode}Loader` : `${mode}.${issue.foreground}`,
      text: describeIssue(issue),
    }));
}

/** How many pairs fail in each mode, for the mode switch's badges. */
export function contrastIssueCount(draft: ThemeDraft): Record<ThemeMode, number> {
  return { light: contrastWarnings(draft, 'light').length, dark: contrastWarnings(draft, 'dark').length };
}

/** "Button text" for a colour key; the editor never shows the key itself. */
export function colorLabel(key: ThemeColorKey): string {
  return THEME_COLOR_LABEL[key].label;
}

/** Drafts are equal when their saved form would be (the draft, not the dirty flag, decides "unsaved changes"). */
export function sameDraft(a: ThemeDraft, b: ThemeDraft): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function normalised(draft: ThemeDraft) {
  return { name: draft.name.trim(), config: validConfigOf(draft) ?? configInputFromDraft(draft) };
}

/** What the preview may load: a web font from a host not allowed would only be refused by the widget's CSP. */
export function previewableConfig(config: ThemeConfig, allowedFontHosts: readonly string[]): ThemeConfig {
  if (!config.fontUrl || allowedFontHost(config.fontUrl, allowedFontHosts)) return config;
  return { ...config, fontFamily: 'system', fontUrl: null };
}

// --- The live preview's messages (origin-checked both ways; see docs of ThemePreviewMessage). ---

/** The widget's origin of a preview URL, or null when the URL is unusable. */
export function previewOrigin(previewUrl: string): string | null {
  try {
    return new URL(previewUrl, window.location.href).origin;
  } catch {
    return null;
  }
}

/** True for the widget's "ready" message from our preview iframe: right origin, right window, right shape. */
export function isWidgetReady(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frameWindow: Window | null | undefined,
  widgetOrigin: string | null,
): boolean {
  if (!widgetOrigin || !frameWindow) return false;
  if (event.origin !== widgetOrigin || event.source !== frameWindow) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === WIDGET_READY_MESSAGE;
}

export function previewMessage(config: ThemeConfig, mode: ThemeMode, showSplash: boolean): ThemePreviewMessage {
  return { type: THEME_PREVIEW_MESSAGE, config, mode, showSplash };
}
