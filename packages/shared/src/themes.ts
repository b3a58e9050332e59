// Widget themes (spec §3 Theme): the config's shape, its validation and its words. No colour maths here (theme-colors.ts
// holds it, over culori) so the widget can read a theme without carrying a colour library.
import { z } from 'zod';

/** One colour set (light or dark). Each key is a CSS variable of the widget (widget.css). */
export const THEME_COLOR_KEYS = ['background', 'surface', 'surfaceMuted', 'text', 'textMuted', 'border', 'inputBackground', 'primary', 'primaryText', 'danger', 'success'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColorSet = Record<ThemeColorKey, string>;

export const THEME_COLOR_LABEL: Record<ThemeColorKey, { label: string; description: string }> = {
  background: { label: 'Page background', description: 'Behind the widget card.' },
  surface: { label: 'Card', description: 'The widget card and its dialogs.' },
  surfaceMuted: { label: 'Subtle panels', description: 'Summaries, tabs and selected rows.' },
  text: { label: 'Text', description: 'Headings, amounts and labels.' },
  textMuted: { label: 'Secondary text', description: 'Hints, captions and placeholders.' },
  border: { label: 'Borders', description: 'Card, field and divider lines.' },
  inputBackground: { label: 'Fields', description: 'Inside text fields and selects.' },
  primary: { label: 'Button', description: 'The main button, links and focus rings.' },
  primaryText: { label: 'Button text', description: 'Text and icons on the main button.' },
  danger: { label: 'Errors', description: 'Error messages and failed states.' },
  success: { label: 'Success', description: 'Completed states and confirmations.' },
};

/** The widget's CSS variable of each colour (apps/web/src/widget/widget.css). */
export const THEME_COLOR_CSS_VARIABLE: Record<ThemeColorKey, string> = {
  background: '--bg',
  surface: '--panel',
  surfaceMuted: '--muted',
  text: '--fg',
  textMuted: '--muted-fg',
  border: '--line',
  inputBackground: '--field',
  primary: '--brand',
  primaryText: '--brand-foreground',
  danger: '--danger',
  success: '--ok',
};

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_MODE_LABEL: Record<ThemeMode, string> = { light: 'Light', dark: 'Dark' };

export const THEME_LOADER_TYPES = ['spinner', 'dots', 'bar'] as const;
export type ThemeLoaderType = (typeof THEME_LOADER_TYPES)[number];
export const THEME_LOADER_TYPE_LABEL: Record<ThemeLoaderType, string> = { spinner: 'Spinner', dots: 'Three dots', bar: 'Progress bar' };

/** System font stacks: nothing is downloaded. Any other family needs a web-font stylesheet (fontUrl). */
export const THEME_SYSTEM_FONTS = {
  system: { label: 'System (default)', stack: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  humanist: { label: 'Humanist sans', stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif" },
  geometric: { label: 'Geometric sans', stack: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif" },
  rounded: { label: 'Rounded sans', stack: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif" },
  serif: { label: 'Serif', stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif" },
  monospace: { label: 'Monospace', stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace" },
} as const;
export type ThemeSystemFont = keyof typeof THEME_SYSTEM_FONTS;
export const THEME_SYSTEM_FONT_KEYS = Object.keys(THEME_SYSTEM_FONTS) as ThemeSystemFont[];

export function isSystemFont(fontFamily: string): fontFamily is ThemeSystemFont {
  return Object.hasOwn(THEME_SYSTEM_FONTS, fontFamily);
}

/** The CSS font-family of a theme: a system stack, or the web font followed by the system stack as fallback. */
export function themeFontStack(fontFamily: string): string {
  if (isSystemFont(fontFamily)) return THEME_SYSTEM_FONTS[fontFamily].stack;
  return `'${fontFamily.replace(/['\\]/g, '')}', ${THEME_SYSTEM_FONTS.system.stack}`;
}

export const THEME_NAME_MAX_LENGTH = 60;
/** A logo for generateInitialTheme: PNG or JPEG, checked by content. */
export const THEME_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const THEME_LOGO_MAX_PIXELS = 4096 * 4096;
export const THEME_LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
/** Font hosts allowed when the provider configures none (THEME_FONT_HOSTS). */
export const DEFAULT_THEME_FONT_HOSTS = ['fonts.googleapis.com', 'fonts.bunny.net'] as const;

/** AA thresholds: 4.5:1 for text, 3:1 for the button's shape against the card (WCAG 1.4.3 and 1.4.11). */
export const THEME_CONTRAST_PAIRS: readonly { foreground: ThemeColorKey; background: ThemeColorKey; minimum: number; what: string }[] = [
  { foreground: 'text', background: 'background', minimum: 4.5, what: 'Text on the page background' },
  { foreground: 'text', background: 'surface', minimum: 4.5, what: 'Text on the card' },
  { foreground: 'text', background: 'surfaceMuted', minimum: 4.5, what: 'Text on subtle panels' },
  { foreground: 'text', background: 'inputBackground', minimum: 4.5, what: 'Text in fields' },
  { foreground: 'textMuted', background: 'surface', minimum: 4.5, what: 'Secondary text on the card' },
  { foreground: 'textMuted', background: 'background', minimum: 4.5, what: 'Secondary text on the page background' },
  { foreground: 'primaryText', background: 'primary', minimum: 4.5, what: 'Button text on the button' },
  { foreground: 'primary', background: 'surface', minimum: 3, what: 'The button against the card' },
  { foreground: 'danger', background: 'surface', minimum: 4.5, what: 'Error text on the card' },
  { foreground: 'success', background: 'surface', minimum: 4.5, what: 'Success text on the card' },
];
/** The loader is a graphic: 3:1 against the splash background. */
export const THEME_SPLASH_LOADER_MINIMUM_CONTRAST = 3;

const HEX = /^#[0-9a-f]{6}$/;
/** "#RGB" and "#RRGGBB" in any case are accepted and stored as lower-case "#rrggbb". */
export const themeColorSchema = z
  .string({ error: 'Enter a colour as #RRGGBB.' })
  .trim()
  .transform((value) => value.toLowerCase())
  .transform((value) => (/^#[0-9a-f]{3}$/.test(value) ? `#${value[1]}${value[1]}${value[2]}${value[2]}${value[3]}${value[3]}` : value))
  .refine((value) => HEX.test(value), { error: 'Enter a colour as #RRGGBB, for example #4f46e5.' });

export const themeColorSetSchema = z.object(Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, themeColorSchema])) as Record<ThemeColorKey, typeof themeColorSchema>);

export const themeSplashScreenSchema = z.object({
  lightBackground: themeColorSchema,
  lightLoader: themeColorSchema,
  darkBackground: themeColorSchema,
  darkLoader: themeColorSchema,
  loaderType: z.enum(THEME_LOADER_TYPES, { error: `Choose a loader: ${THEME_LOADER_TYPES.join(', ')}.` }),
});

const FONT_NAME = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;

/** The theme config; the font URL's host is checked against the provider's list by the server (it is configuration). */
export const themeConfigSchema = z
  .object({
    light: themeColorSetSchema,
    dark: themeColorSetSchema,
    fontFamily: z.string().trim().min(1, { error: 'Choose a font.' }).max(60, { error: 'A font family name is at most 60 characters.' }),
    fontUrl: z
      .string()
      .trim()
      .max(500, { error: 'A font URL is at most 500 characters.' })
      .nullish()
      .transform((value) => (value ? value : null)),
    splashScreen: themeSplashScreenSchema,
  })
  .superRefine((config, context) => {
    if (config.fontUrl) {
      let url: URL | null = null;
      try {
        url = new URL(config.fontUrl);
      } catch {
        context.addIssue({ code: 'custom', path: ['fontUrl'], message: 'Enter the web font’s stylesheet URL, starting with https://.' });
        return;
      }
      if (url.protocol !== 'https:') context.addIssue({ code: 'custom', path: ['fontUrl'], message: 'A web font must be loaded over https://.' });
      else if (url.username || url.password) context.addIssue({ code: 'custom', path: ['fontUrl'], message: 'A font URL cannot carry a user name or password.' });
      if (isSystemFont(config.fontFamily)) context.addIssue({ code: 'custom', path: ['fontFamily'], message: 'Enter the web font’s family name (as its stylesheet names it), or remove the font URL to use a system font.' });
      else if (!FONT_NAME.test(config.fontFamily)) context.addIssue({ code: 'custom', path: ['fontFamily'], message: 'A font family name has letters, digits, spaces and hyphens only.' });
    } else if (!isSystemFont(config.fontFamily)) {
      context.addIssue({ code: 'custom', path: ['fontFamily'], message: 'Choose a system font, or give the web font’s stylesheet URL.' });
    }
  });
export type ThemeConfig = z.output<typeof themeConfigSchema>;
export type ThemeSplashScreen = ThemeConfig['splashScreen'];

export const themeNameSchema = z
  .string({ error: 'Give the theme a name.' })
  .trim()
  .min(1, { error: 'Give the theme a name.' })
  .max(THEME_NAME_MAX_LENGTH, { error: `A theme name is at most ${THEME_NAME_MAX_LENGTH} characters.` });

/** The host of a font URL when it is one of the allowed hosts (exactly, case-insensitive), else null. */
export function allowedFontHost(fontUrl: string, allowedHosts: readonly string[]): string | null {
  let host: string;
  try {
    host = new URL(fontUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return allowedHosts.some((allowed) => allowed.toLowerCase() === host) ? host : null;
}

/**
 * What the widget receives: the active theme's config (or null: the built-in look), and in a preview the dashboard's
 * origin it accepts drafts from. Messages between the editor and the preview (both directions, origin-checked).
 */
export type ThemePreviewMessage =
  | { type: 'rampart:theme-preview'; config: ThemeConfig; mode: ThemeMode; showSplash: boolean }
  | { type: 'rampart:widget-ready' };
export const THEME_PREVIEW_MESSAGE = 'rampart:theme-preview';
export const WIDGET_READY_MESSAGE = 'rampart:widget-ready';
