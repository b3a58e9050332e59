// Widget themes (spec §3 Theme): the config's shape, its validation and its words. No colour maths here (theme-colors.ts
// holds it, over culori). The zod-free constants live in theme-tokens.ts (the widget imports only that) and are re-exported.
import { z } from 'zod';
import { isSystemFont, THEME_COLOR_KEYS, THEME_FONT_NAME_PATTERN, THEME_LOADER_TYPES, type ThemeColorKey, type ThemeMode } from './theme-tokens.ts';

export * from './theme-tokens.ts';

export const THEME_NAME_MAX_LENGTH = 60;
/** A logo for generateInitialTheme: PNG or JPEG, checked by content. */
export const THEME_LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Only 20,000 pixels are sampled for the palette: a million is plenty, and bounds the decoding work. */
export const THEME_LOGO_MAX_PIXELS = 1024 * 1024;
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

export const themeColorSetSchema = z.object(
  Object.fromEntries(THEME_COLOR_KEYS.map((key) => [key, themeColorSchema])) as Record<ThemeColorKey, typeof themeColorSchema>,
);

export const themeSplashScreenSchema = z.object({
  lightBackground: themeColorSchema,
  lightLoader: themeColorSchema,
  darkBackground: themeColorSchema,
  darkLoader: themeColorSchema,
  loaderType: z.enum(THEME_LOADER_TYPES, { error: `Choose a loader: ${THEME_LOADER_TYPES.join(', ')}.` }),
});

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
      else if (url.username || url.password)
        context.addIssue({ code: 'custom', path: ['fontUrl'], message: 'A font URL cannot carry a user name or password.' });
      if (isSystemFont(config.fontFamily))
        context.addIssue({
          code: 'custom',
          path: ['fontFamily'],
          message: 'Enter the web font’s family name (as its stylesheet names it), or remove the font URL to use a system font.',
        });
      else if (!THEME_FONT_NAME_PATTERN.test(config.fontFamily))
        context.addIssue({ code: 'custom', path: ['fontFamily'], message: 'A font family name has letters, digits, spaces and hyphens only.' });
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
  { type: 'rampart:theme-preview'; config: ThemeConfig; mode: ThemeMode; showSplash: boolean } | { type: 'rampart:widget-ready' };
