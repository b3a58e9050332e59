// The zod-free half of widget themes: colour keys, CSS variables, modes, loaders, fonts and the preview messages' names.
// The widget imports this file only (zod alone would add ~25 KB gzip to its bundle); themes.ts re-exports all of it.

/** One colour set (light or dark). Each key is a CSS variable of the widget (widget.css). */
export const THEME_COLOR_KEYS = [
  'background',
  'surface',
  'surfaceMuted',
  'text',
  'textMuted',
  'border',
  'inputBackground',
  'primary',
  'primaryText',
  'danger',
  'success',
] as const;
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
  rounded: {
    label: 'Rounded sans',
    stack: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif",
  },
  serif: { label: 'Serif', stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif" },
  monospace: { label: 'Monospace', stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace" },
} as const;
export type ThemeSystemFont = keyof typeof THEME_SYSTEM_FONTS;
export const THEME_SYSTEM_FONT_KEYS = Object.keys(THEME_SYSTEM_FONTS) as ThemeSystemFont[];

export function isSystemFont(fontFamily: string): fontFamily is ThemeSystemFont {
  return Object.hasOwn(THEME_SYSTEM_FONTS, fontFamily);
}

/** A web font's family name: letters, digits, spaces and hyphens (it is written into CSS). */
export const THEME_FONT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,59}$/;

/** The CSS font-family of a theme: a system stack, or the web font followed by the system stack as fallback. */
export function themeFontStack(fontFamily: string): string {
  if (isSystemFont(fontFamily)) return THEME_SYSTEM_FONTS[fontFamily].stack;
  return `'${fontFamily.replace(/['\\]/g, '')}', ${THEME_SYSTEM_FONTS.system.stack}`;
}

/** postMessage types between the theme editor and the widget preview (ThemePreviewMessage in themes.ts). */
export const THEME_PREVIEW_MESSAGE = 'rampart:theme-preview';
export const WIDGET_READY_MESSAGE = 'rampart:widget-ready';
