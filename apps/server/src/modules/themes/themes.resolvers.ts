import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession } from '../../graphql/context.ts';

export const themesResolvers: Resolvers = {
  Query: {
    accountThemes: (_parent, _args, context) => context.services.themes.accountThemes(requireGrant(context).accountId),
    themeEditorSettings: (_parent, _args, context) => context.services.themes.editorSettings(requireGrant(context).accountId),
  },
  Mutation: {
    generateInitialTheme: (_parent, args, context) =>
      context.services.themes.generateInitialTheme(requireGrant(context).accountId, requireSession(context).user.id, {
        name: args.name,
        brandColor: args.brandColor,
        logo: args.logo,
        makeActive: args.makeActive,
      }),
    changeActiveTheme: (_parent, args, context) => context.services.themes.changeActiveTheme(requireGrant(context).accountId, args.themeId),
    updateActiveTheme: (_parent, args, context) =>
      context.services.themes.updateActiveTheme(requireGrant(context).accountId, requireSession(context).user.id, {
        expectedVersion: args.expectedVersion,
        name: args.name,
        config: args.config,
        themeId: args.themeId,
      }),
    restoreThemeVersion: (_parent, args, context) =>
      context.services.themes.restoreThemeVersion(requireGrant(context).accountId, requireSession(context).user.id, {
        version: args.version,
        expectedVersion: args.expectedVersion,
        themeId: args.themeId,
      }),
    deleteAccountTheme: (_parent, args, context) => context.services.themes.deleteAccountTheme(requireGrant(context).accountId, args.themeId),
  },
  Theme: {
    versions: (theme, _args, context) => context.services.themes.versions(theme.id),
  },
  ThemeEditorSettings: {
    previewUrl: (settings, args, context) => context.services.themes.previewUrl(settings.accountId, args.flow ?? 'buy'),
  },
};
