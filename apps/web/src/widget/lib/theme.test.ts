import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { THEME_COLOR_CSS_VARIABLE, THEME_COLOR_KEYS, themeConfigSchema, themeFontStack, type ThemeConfig } from '@rampart/shared/themes';
import { accentForeground, applyTheme, isHexColor, isThemeConfig, prefersDark } from './theme';
import { guessCountry, searchCountries } from './countries';

describe('theme and accent', () => {
  it('accepts only #RRGGBB accents', () => {
    expect(isHexColor('#7D00FF')).toBe(true);
    expect(isHexColor('red')).toBe(false);
    expect(isHexColor('#fff')).toBe(false);
  });

  it('picks readable text on the accent', () => {
    expect(accentForeground('#1d4ed8')).toBe('#ffffff');
    expect(accentForeground('#facc15')).toBe('#0b1020');
  });

  it("follows the partner's theme, else the device", () => {
    expect(prefersDark('dark', false)).toBe(true);
    expect(prefersDark('light', true)).toBe(false);
    expect(prefersDark(null, true)).toBe(true);
  });
});

describe('countries', () => {
  it('searches by name start, then contains, or by code', () => {
    expect(searchCountries('uni').map((c) => c.code)).toEqual(['AE', 'GB', 'US']);
    expect(searchCountries('de')[0]?.code).toBe('DE');
    expect(searchCountries('land').map((c) => c.code)).toContain('NL');
  });

  it("guesses from the browser's languages", () => {
    expect(guessCountry(['en-GB', 'en'])).toBe('GB');
    expect(guessCountry(['fr'])).toBe('US');
  });
});

/** One device preference for the whole file: applyTheme watches the first media query list it gets. */
const media = {
  matches: false,
  listeners: [] as Array<() => void>,
  addEventListener(_type: 'change', listener: () => void) {
    this.listeners.push(listener);
  },
  switchTo(dark: boolean) {
    this.matches = dark;
    for (const listener of this.listeners) listener();
  },
};

const root = () => document.documentElement;
const variable = (name: string) => root().style.getPropertyValue(name);
const variables = (set: ThemeConfig['light']) => Object.fromEntries(THEME_COLOR_KEYS.map((key) => [THEME_COLOR_CSS_VARIABLE[key], set[key]]));
const applied = () => Object.fromEntries(THEME_COLOR_KEYS.map((key) => [THEME_COLOR_CSS_VARIABLE[key], variable(THEME_COLOR_CSS_VARIABLE[key])]));

describe('applyTheme', () => {
  const config = generateThemeConfig('#0e7490');
  beforeAll(() => {
    window.matchMedia = ((query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return media;
    }) as unknown as typeof window.matchMedia;
  });
  beforeEach(() => {
    media.matches = false;
    applyTheme({ config: null, mode: null, colorCode: null });
  });

  it('sets every colour of the light set, and of the dark set with the dark class', () => {
    applyTheme({ config, mode: 'light', colorCode: null });
    expect(applied()).toEqual(variables(config.light));
    expect(root().classList.contains('dark')).toBe(false);
    applyTheme({ config, mode: 'dark', colorCode: null });
    expect(applied()).toEqual(variables(config.dark));
    expect(root().classList.contains('dark')).toBe(true);
  });

  it('follows the device when no mode is forced, and its later changes; a forced mode ignores them', () => {
    media.matches = true;
    applyTheme({ config, mode: null, colorCode: null });
    expect(variable('--bg')).toBe(config.dark.background);
    media.switchTo(false);
    expect(variable('--bg')).toBe(config.light.background);
    expect(root().classList.contains('dark')).toBe(false);
    applyTheme({ config, mode: 'light', colorCode: null });
    media.switchTo(true);
    expect(variable('--bg')).toBe(config.light.background);
    expect(root().classList.contains('dark')).toBe(false);
  });

  it('lets colorCode override the button colour and its text, in either set', () => {
    applyTheme({ config, mode: 'dark', colorCode: '#facc15' });
    expect(variable('--brand')).toBe('#facc15');
    expect(variable('--brand-foreground')).toBe('#0b1020');
    expect(variable('--panel')).toBe(config.dark.surface);
    applyTheme({ config: null, mode: null, colorCode: '#1d4ed8' });
    expect(variable('--brand')).toBe('#1d4ed8');
    expect(variable('--brand-foreground')).toBe('#ffffff');
    expect(variable('--bg')).toBe('');
  });

  it('uses the theme font: a system stack, or a web font with its stylesheet link; the built-in look removes both', () => {
    applyTheme({ config: { ...config, fontFamily: 'serif' }, mode: 'light', colorCode: null });
    expect(variable('--font')).toBe(themeFontStack('serif'));
    expect(document.getElementById('rampart-theme-font')).toBeNull();
    const webFont = { ...config, fontFamily: 'Inter', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' };
    applyTheme({ config: webFont, mode: 'light', colorCode: null });
    expect(variable('--font')).toBe(themeFontStack('Inter'));
    const link = document.getElementById('rampart-theme-font') as HTMLLinkElement;
    expect(link.rel).toBe('stylesheet');
    expect(link.getAttribute('href')).toBe(webFont.fontUrl);
    applyTheme({ config: { ...webFont, fontUrl: 'https://fonts.bunny.net/css?family=inter' }, mode: 'light', colorCode: null });
    expect(document.querySelectorAll('#rampart-theme-font')).toHaveLength(1);
    expect(document.getElementById('rampart-theme-font')!.getAttribute('href')).toBe('https://fonts.bunny.net/css?family=inter');
    applyTheme({ config: null, mode: 'light', colorCode: null });
    expect(document.getElementById('rampart-theme-font')).toBeNull();
    expect(variable('--font')).toBe('');
    expect(applied()).toEqual(Object.fromEntries(THEME_COLOR_KEYS.map((key) => [THEME_COLOR_CSS_VARIABLE[key], ''])));
  });
});

describe('isThemeConfig (the widget’s zod-free check)', () => {
  const config = generateThemeConfig('#be123c');
  // [case, what the widget decides]. The widget receives stored configs (themeConfigSchema's normalised output), so it
  // accepts exactly what the schema accepts unchanged; a colour the schema would still normalise is refused.
  const cases: Array<[string, unknown, boolean]> = [
    ['a generated theme', config, true],
    ['a web font', { ...config, fontFamily: 'Source Sans 3', fontUrl: 'https://fonts.googleapis.com/css2?family=Source+Sans+3' }, true],
    ['an upper-case colour', { ...config, light: { ...config.light, primary: '#BE123C' } }, false],
    ['a short colour', { ...config, dark: { ...config.dark, text: '#fff' } }, false],
    ['a colour name', { ...config, light: { ...config.light, text: 'red' } }, false],
    ['a missing colour', { ...config, dark: { ...config.dark, success: undefined } }, false],
    ['an unknown loader', { ...config, splashScreen: { ...config.splashScreen, loaderType: 'marquee' } }, false],
    ['a splash colour with CSS in it', { ...config, splashScreen: { ...config.splashScreen, lightBackground: '#ffffff;color:red' } }, false],
    ['an http font', { ...config, fontFamily: 'Inter', fontUrl: 'http://fonts.googleapis.com/css2?family=Inter' }, false],
    ['a font URL with a password', { ...config, fontFamily: 'Inter', fontUrl: 'https://a:b@fonts.googleapis.com/css' }, false],
    ['a web font named like a system stack', { ...config, fontFamily: 'serif', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' }, false],
    ['a font name with quotes', { ...config, fontFamily: "Inter', x", fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' }, false],
    ['an unknown font without a URL', { ...config, fontFamily: 'Inter', fontUrl: null }, false],
    ['no splash', { ...config, splashScreen: null }, false],
    ['nothing', null, false],
  ];

  it.each(cases)('%s', (_name, value, accepted) => {
    expect(isThemeConfig(value)).toBe(accepted);
    const parsed = themeConfigSchema.safeParse(value);
    if (accepted) expect(parsed.data).toEqual(value);
    else if (parsed.success) expect(parsed.data).not.toEqual(value);
  });
});
