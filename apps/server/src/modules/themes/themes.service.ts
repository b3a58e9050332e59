import { z } from 'zod';
import { allowedFontHost, themeColorSchema, themeConfigSchema, themeNameSchema, THEME_LOGO_MAX_BYTES, type ThemeConfig } from '@rampart/shared/themes';
import { generateThemeConfig } from '@rampart/shared/theme-colors';
import type { Env } from '../../config/env.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import type { DevelopersService } from '../developers/developers.service.ts';
import type { ThemeRow, ThemesRepository } from './themes.repository.ts';
import { brandColorOfLogo } from './logo-colors.ts';

export type ThemePreviewFlow = 'buy' | 'sell' | 'swap';

/** What the editor needs besides the themes; previewUrl is resolved per flow. */
export interface ThemeEditorSettingsView {
  accountId: string;
  allowedFontHosts: string[];
  logoMaxBytes: number;
}

export const NO_ACTIVE_THEME_MESSAGE = 'This account has no active theme yet: generate one first.';

/** "a, b or c" */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** "at 14:02 UTC" today, "on 22 Nov 2026 at 14:02 UTC" another day: when a colleague's save happened. */
export function savedAtWords(at: Date, now = new Date()): string {
  const time = at.toISOString().slice(11, 16);
  if (at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return `at ${time} UTC`;
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
  return `on ${day} at ${time} UTC`;
}

const generateSchema = z.object({
  name: themeNameSchema,
  brandColor: themeColorSchema.nullish(),
});

const versionSchema = (field: string) =>
  z
    .number()
    .int()
    .min(1, { error: `${field === 'version' ? 'A version' : 'The version'} is a whole number from 1.` });

export function createThemesService(deps: { repository: ThemesRepository; config: Env; developers: Pick<DevelopersService, 'integrationUrl'> }) {
  const { repository, config, developers } = deps;
  const allowedFontHosts = config.THEME_FONT_HOSTS;

  /** A theme config from the editor: the shared schema (field paths under `config.`), then the provider's font hosts. */
  function checkConfig(input: unknown): ThemeConfig {
    const { config: parsed } = parseInput(z.object({ config: themeConfigSchema }), { config: input });
    if (parsed.fontUrl && !allowedFontHost(parsed.fontUrl, allowedFontHosts)) {
      throw badInput({
        'config.fontUrl': `A web font can be loaded only from ${orList(allowedFontHosts)}: use a stylesheet URL from ${allowedFontHosts.length === 1 ? 'it' : 'one of them'}.`,
      });
    }
    return parsed;
  }

  /** Why a save based on `expectedVersion` of the active theme was refused; nothing was written. */
  async function refusal(accountId: string, input: { themeId: string | null; expectedVersion: number }, notSaved: string): Promise<AppError> {
    const active = await repository.findActive(accountId);
    if (!active) return new AppError('NOT_FOUND', NO_ACTIVE_THEME_MESSAGE);
    // What the editor needs to offer a reload without parsing the sentence.
    const facts = { activeThemeId: active.id, currentVersion: active.version };
    if (input.themeId && active.id !== input.themeId) {
      return new AppError('CONFLICT', `“${active.name}” was made the active theme after you opened this one. ${notSaved}`, facts);
    }
    if (input.expectedVersion > active.version) {
      return new AppError(
        'CONFLICT',
        `“${active.name}” has no version ${input.expectedVersion} yet (its latest is version ${active.version}): reload the theme.`,
        facts,
      );
    }
    const latest = await repository.findVersion(active.id, active.version);
    const who = latest?.createdBy?.name ?? active.updatedBy?.name ?? 'Someone';
    return new AppError(
      'CONFLICT',
      `${who} saved version ${active.version} of “${active.name}” ${savedAtWords(latest?.createdAt ?? active.updatedAt)} after you opened it. ${notSaved}`,
      facts,
    );
  }

  async function reload(accountId: string, themeId: string): Promise<ThemeRow> {
    const theme = await repository.findInAccount(accountId, themeId);
    if (!theme) throw notFound('Theme');
    return theme;
  }

  return {
    accountThemes: (accountId: string) => repository.listForAccount(accountId),
    /** Versions of several themes at once (the list's Theme.versions fields share one query per request). */
    versionsOf: (themeIds: string[]) => repository.versionsOf(themeIds),

    /** The active theme's config for the widget opened by URL; null: the widget's built-in look. */
    activeThemeConfig: (accountId: string): Promise<ThemeConfig | null> => repository.activeConfig(accountId),

    editorSettings(accountId: string): ThemeEditorSettingsView {
      return { accountId, allowedFontHosts: [...allowedFontHosts], logoMaxBytes: THEME_LOGO_MAX_BYTES };
    },

    /** The account's test widget of a flow with preview=1: the editor's live preview. */
    async previewUrl(accountId: string, flow: ThemePreviewFlow): Promise<string> {
      const type = ({ buy: 'OnRamp', sell: 'OffRamp', swap: 'Swaps' } as const)[flow];
      const url = await developers.integrationUrl(accountId, { type, liveMode: false });
      return `${url}${url.includes('?') ? '&' : '?'}preview=1`;
    },

    /**
     * A new theme (version 1) from a brand colour or a logo's dominant colours; the brand colour wins when both are
     * given (the logo is still checked, so a bad file is never silently ignored). The logo itself is not kept.
     */
    async generateInitialTheme(
      accountId: string,
      userId: string | null,
      input: { name: string; brandColor?: string | null; logo?: unknown; makeActive?: boolean | null },
    ) {
      const values = parseInput(generateSchema, { name: input.name, brandColor: input.brandColor });
      const hasLogo = input.logo !== null && input.logo !== undefined;
      if (!values.brandColor && !hasLogo) throw badInput({ brandColor: 'Give a brand colour, or upload your logo to take its colours.' });
      const logoColor = hasLogo ? await brandColorOfLogo(input.logo) : null;
      const brand = values.brandColor ?? logoColor!;
      const config = checkConfig(generateThemeConfig(brand));
      await repository.lockAccountThemes(accountId);
      const active = await repository.findActive(accountId);
      const isActive = input.makeActive === true || !active;
      if (isActive && active) await repository.deactivateAll(accountId);
      const id = await repository.insertTheme({ accountId, name: values.name, isActive, config, userId });
      return reload(accountId, id);
    },

    async changeActiveTheme(accountId: string, themeId: string) {
      await repository.lockAccountThemes(accountId);
      const theme = await repository.findInAccount(accountId, themeId);
      if (!theme) throw notFound('Theme');
      if (theme.isActive) return theme;
      await repository.deactivateAll(accountId);
      await repository.activate(theme.id);
      return reload(accountId, theme.id);
    },

    /** A new version of the active theme, only when it is still at expectedVersion: never overwrites a colleague's save. */
    async updateActiveTheme(
      accountId: string,
      userId: string | null,
      input: { expectedVersion: number; name?: string | null; config: unknown; themeId?: string | null },
    ) {
      const { expectedVersion } = parseInput(z.object({ expectedVersion: versionSchema('expectedVersion') }), { expectedVersion: input.expectedVersion });
      const name = input.name === null || input.name === undefined ? null : parseInput(z.object({ name: themeNameSchema }), { name: input.name }).name;
      const config = checkConfig(input.config);
      const themeId = input.themeId || null;
      if (themeId && !(await repository.findInAccount(accountId, themeId))) throw notFound('Theme');
      const savedId = await repository.saveActiveVersion({ accountId, themeId, expectedVersion, name, config, restoredFromVersion: null, userId });
      if (!savedId)
        throw await refusal(
          accountId,
          { themeId, expectedVersion },
          'Your changes were not saved: copy what you need, reload the theme, and apply them again.',
        );
      return reload(accountId, savedId);
    },

    /** Version N's name and config saved again as the active theme's newest version (same conflict rule as a save). */
    async restoreThemeVersion(accountId: string, userId: string | null, input: { version: number; expectedVersion: number; themeId?: string | null }) {
      const values = parseInput(z.object({ version: versionSchema('version'), expectedVersion: versionSchema('expectedVersion') }), input);
      const themeId = input.themeId || null;
      if (themeId && !(await repository.findInAccount(accountId, themeId))) throw notFound('Theme');
      const active = await repository.findActive(accountId);
      if (!active) throw new AppError('NOT_FOUND', NO_ACTIVE_THEME_MESSAGE);
      const notRestored = `Version ${values.version} was not restored: reload the theme and restore it again if you still want it.`;
      if (themeId && themeId !== active.id) throw await refusal(accountId, { themeId, expectedVersion: values.expectedVersion }, notRestored);
      const source = await repository.findVersion(active.id, values.version);
      if (!source) throw badInput({ version: `“${active.name}” has no version ${values.version}.` });
      let config: ThemeConfig;
      try {
        config = checkConfig(source.config);
      } catch {
        // An old version may name a font host the provider has since removed: it would not load in the widget.
        throw badInput({
          version: `Version ${values.version} uses a web font from a host that is no longer allowed (only ${orList(allowedFontHosts)} is): restore another version, or change the font.`,
        });
      }
      const savedId = await repository.saveActiveVersion({
        accountId,
        // Bound to the theme the version was read from, so a theme made active meanwhile is not changed.
        themeId: active.id,
        expectedVersion: values.expectedVersion,
        name: source.name,
        config,
        restoredFromVersion: values.version,
        userId,
      });
      if (!savedId) throw await refusal(accountId, { themeId: active.id, expectedVersion: values.expectedVersion }, notRestored);
      return reload(accountId, savedId);
    },

    /** Deletes an inactive theme with its versions; the active one is refused (the widget uses it). */
    async deleteAccountTheme(accountId: string, themeId: string): Promise<string> {
      await repository.lockAccountThemes(accountId);
      const theme = await repository.findInAccount(accountId, themeId);
      if (!theme) throw notFound('Theme');
      if (theme.isActive) throw new AppError('CONFLICT', `“${theme.name}” is the active theme: make another theme active before deleting it.`);
      await repository.deleteInactive(accountId, theme.id);
      return theme.id;
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
