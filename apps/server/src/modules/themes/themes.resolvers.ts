import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';
import { requestLoader } from '../../graphql/request-loader.ts';
import type { ThemeVersionRow } from './themes.repository.ts';

const loadVersions = requestLoader<ThemeVersionRow[]>((context, themeIds) => context.services.themes.versionsOf(themeIds));

export const themesResolvers: Resolvers = {
  Query: {
    accountThemes: (_parent, _args, context) => context.services.themes.accountThemes(requireGrant(context).accountId),
    themeEditorSettings: (_parent, _args, context) => context.services.themes.editorSettings(requireGrant(context).accountId),
  },
  Mutation: {
    generateInitialTheme: (_parent, args, context) =>
      context.services.themes.generateInitialTheme(requireGrant(context).accountId, requireSession(context).user.id, args),
    changeActiveTheme: (_parent, args, context) => context.services.themes.changeActiveTheme(requireGrant(context).accountId, args.themeId),
    updateActiveTheme: (_parent, args, context) =>
      context.services.themes.updateActiveTheme(requireGrant(context).accountId, requireSession(context).user.id, args),
    restoreThemeVersion: (_parent, args, context) =>
      context.services.themes.restoreThemeVersion(requireGrant(context).accountId, requireSession(context).user.id, args),
    deleteAccountTheme: (_parent, args, context) => context.services.themes.deleteAccountTheme(requireGrant(context).accountId, args.themeId),
  },
  Theme: {
    versions: async (theme, _args, context) => (await loadVersions(context, theme.id)) ?? [],
  },
  ThemeEditorSettings: {
    previewUrl: (settings, args, context) => context.services.themes.previewUrl(settings.accountId, args.flow ?? 'buy'),
  },
};
