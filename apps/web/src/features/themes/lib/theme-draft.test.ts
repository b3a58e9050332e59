import { generateThemeConfig } from '@rampart/shared/theme-colors';
import { describe, expect, it } from 'vitest';
import {
  configInputFromDraft,
  contrastIssueCount,
  contrastWarnings,
  draftFieldOf,
  draftFromTheme,
  isWidgetReady,
  previewableConfig,
  previewMessage,
  sameDraft,
  themeDraftSchema,
  validConfigOf,
  type ThemeDraft,
} from './theme-draft';

const HOSTS = ['fonts.googleapis.com', 'fonts.bunny.net'];
const generated = generateThemeConfig('#4f46e5');

function draft(overrides: Partial<ThemeDraft> = {}): ThemeDraft {
  return { ...draftFromTheme('Brand', generated), ...overrides };
}

function issuesOf(value: ThemeDraft) {
  const result = themeDraftSchema(HOSTS).safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('draft ↔ config', () => {
  it('round-trips a system-font config, dropping __typename', () => {
    const withTypename = { ...generated, __typename: 'ThemeConfig', light: { ...generated.light, __typename: 'ThemeColorSet' } };
    const value = draftFromTheme('Brand', withTypename);
    expect(value.fontSource).toBe('system');
    expect(value.light).not.toHaveProperty('__typename');
    expect(configInputFromDraft(value)).toEqual({ ...generated, fontUrl: null });
  });

  it('maps a web font to the family name and stylesheet URL, and back', () => {
    const config = { ...generated, fontFamily: 'Inter', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' };
    const value = draftFromTheme('Brand', config);
    expect(value).toMatchObject({ fontSource: 'web', webFontFamily: 'Inter', webFontUrl: config.fontUrl, systemFont: 'system' });
    expect(configInputFromDraft(value)).toMatchObject({ fontFamily: 'Inter', fontUrl: config.fontUrl });
    // Switching back to a system font drops the URL.
    expect(configInputFromDraft({ ...value, fontSource: 'system', systemFont: 'serif' })).toMatchObject({ fontFamily: 'serif', fontUrl: null });
  });

  it('normalises colours as the server stores them, and treats an unfinished colour as invalid', () => {
    const value = draft({ light: { ...generated.light, primary: '#ABC' } });
    expect(validConfigOf(value)?.light.primary).toBe('#aabbcc');
    expect(validConfigOf(draft({ light: { ...generated.light, primary: '#12' } }))).toBeNull();
  });

  it('compares drafts by what would be saved', () => {
    expect(sameDraft(draft(), draft({ light: { ...generated.light, primary: generated.light.primary.toUpperCase() } }))).toBe(true);
    expect(sameDraft(draft(), draft({ name: 'Other' }))).toBe(false);
  });
});

describe('themeDraftSchema', () => {
  it('accepts a generated theme', () => {
    expect(issuesOf(draft())).toEqual([]);
  });

  it('puts colour, name and font problems on the draft’s own fields', () => {
    expect(issuesOf(draft({ name: ' ', dark: { ...generated.dark, text: 'blue' } }))).toEqual([
      'name: Give the theme a name.',
      'dark.text: Enter a colour as #RRGGBB, for example #4f46e5.',
    ]);
    expect(issuesOf(draft({ fontSource: 'web', webFontFamily: 'Inter', webFontUrl: '' }))).toEqual([
      'webFontUrl: Enter the web font’s stylesheet URL, starting with https://.',
    ]);
    expect(issuesOf(draft({ fontSource: 'web', webFontFamily: 'Inter', webFontUrl: 'http://fonts.googleapis.com/css2?family=Inter' }))).toEqual([
      'webFontUrl: A web font must be loaded over https://.',
    ]);
    expect(issuesOf(draft({ fontSource: 'web', webFontFamily: "Inter'; x", webFontUrl: 'https://fonts.googleapis.com/css2?family=Inter' }))).toEqual([
      'webFontFamily: A font family name has letters, digits, spaces and hyphens only.',
    ]);
  });

  it('refuses a font host the provider does not allow, naming the allowed ones', () => {
    expect(issuesOf(draft({ fontSource: 'web', webFontFamily: 'Inter', webFontUrl: 'https://evil.example.com/inter.css' }))).toEqual([
      'webFontUrl: Web fonts can come from fonts.googleapis.com, fonts.bunny.net only.',
    ]);
  });
});

describe('server field names', () => {
  it('maps config paths to draft fields', () => {
    expect(draftFieldOf('config.light.primary', 'system')).toBe('light.primary');
    expect(draftFieldOf('config.fontFamily', 'web')).toBe('webFontFamily');
    expect(draftFieldOf('config.fontFamily', 'system')).toBe('systemFont');
    expect(draftFieldOf('config.fontUrl', 'web')).toBe('webFontUrl');
    expect(draftFieldOf('config.splashScreen.darkLoader', 'web')).toBe('splashScreen.darkLoader');
    expect(draftFieldOf('expectedVersion', 'web')).toBeNull();
  });
});

describe('contrast warnings', () => {
  it('has none for a generated theme', () => {
    expect(contrastIssueCount(draft())).toEqual({ light: 0, dark: 0 });
  });

  it('names the failing pair next to its foreground colour, with the ratio and the minimum', () => {
    const value = draft({ light: { ...generated.light, primary: '#777777', primaryText: '#ffffff' } });
    expect(contrastWarnings(value, 'light')).toContainEqual({ field: 'light.primaryText', text: 'Button text on the button: 4.47:1, needs 4.5:1' });
    expect(contrastWarnings(value, 'dark')).toEqual([]);
  });

  it('checks the splash loader against its background at 3:1', () => {
    const value = draft({ splashScreen: { ...generated.splashScreen, darkBackground: '#000000', darkLoader: '#222222' } });
    expect(contrastWarnings(value, 'dark')).toEqual([
      { field: 'splashScreen.darkLoader', text: expect.stringMatching(/^The loader on the splash screen: 1\.\d+:1, needs 3:1$/) as string },
    ]);
  });

  it('still checks the complete pairs while another colour is being typed', () => {
    const value = draft({ light: { ...generated.light, primary: '#777777', primaryText: '#ffffff', danger: '#ff' } });
    const fields = contrastWarnings(value, 'light').map((warning) => warning.field);
    expect(fields).toContain('light.primaryText');
    expect(fields).not.toContain('light.danger');
  });
});

describe('preview messages', () => {
  const frame = {} as Window;
  const other = {} as Window;
  const origin = 'http://localhost:3800';

  it('accepts the ready message only from the preview iframe and the widget origin', () => {
    const ready = { type: 'rampart:widget-ready' };
    expect(isWidgetReady({ origin, source: frame, data: ready }, frame, origin)).toBe(true);
    expect(isWidgetReady({ origin: 'https://evil.example', source: frame, data: ready }, frame, origin)).toBe(false);
    expect(isWidgetReady({ origin, source: other, data: ready }, frame, origin)).toBe(false);
    expect(isWidgetReady({ origin, source: frame, data: { type: 'other' } }, frame, origin)).toBe(false);
    expect(isWidgetReady({ origin, source: frame, data: 'rampart:widget-ready' }, frame, origin)).toBe(false);
    expect(isWidgetReady({ origin, source: frame, data: ready }, null, origin)).toBe(false);
  });

  it('previews a web font only from an allowed host', () => {
    const allowed = { ...generated, fontFamily: 'Inter', fontUrl: 'https://fonts.googleapis.com/css2?family=Inter' };
    expect(previewableConfig(allowed, HOSTS)).toBe(allowed);
    expect(previewableConfig({ ...allowed, fontUrl: 'https://evil.example.com/inter.css' }, HOSTS)).toMatchObject({ fontFamily: 'system', fontUrl: null });
  });

  it('carries the draft, the mode and the splash switch', () => {
    expect(previewMessage(generated, 'dark', true)).toEqual({ type: 'rampart:theme-preview', config: generated, mode: 'dark', showSplash: true });
  });
});

describe('logo before upload', () => {
  it('accepts a PNG or JPEG up to the limit and names the problem otherwise', async () => {
    const { logoProblem } = await import('@/features/themes/components/new-theme-dialog');
    expect(logoProblem({ type: 'image/png', size: 1000 }, 2 * 1024 * 1024)).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 }, 2 * 1024 * 1024)).toBeNull();
    expect(logoProblem({ type: 'image/gif', size: 1000 }, 2 * 1024 * 1024)).toBe('Upload a PNG or JPEG image.');
    expect(logoProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 }, 2 * 1024 * 1024)).toBe('The logo is too large: at most 2 MB.');
  });
});
