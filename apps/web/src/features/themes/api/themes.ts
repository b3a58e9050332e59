import { graphql } from '@/gql';

// Widget themes (spec §3 Theme, §7): the account's saved themes with their versions, the editor's settings, and the
// mutations of the /theme editor.

export const THEMES_REFETCH = ['Themes_Screen'];

export const ThemeColorSetFragment = graphql(`
  fragment Themes_ColorSet on ThemeColorSet {
    background
    surface
    surfaceMuted
    text
    textMuted
    border
    inputBackground
    primary
    primaryText
    danger
    success
  }
`);

export const ThemeConfigFragment = graphql(`
  fragment Themes_Config on ThemeConfig {
    light {
      ...Themes_ColorSet
    }
    dark {
      ...Themes_ColorSet
    }
    fontFamily
    fontUrl
    splashScreen {
      lightBackground
      lightLoader
      darkBackground
      darkLoader
      loaderType
    }
  }
`);

export const ThemeFragment = graphql(`
  fragment Themes_Theme on Theme {
    id
    accountId
    name
    isActive
    version
    createdAt
    updatedAt
    updatedBy {
      id
      name
    }
    config {
      ...Themes_Config
    }
    versions {
      version
      name
      restoredFromVersion
      createdAt
      createdBy {
        id
        name
      }
      config {
        ...Themes_Config
      }
    }
  }
`);

export const ThemesScreenQuery = graphql(`
  query Themes_Screen($accountId: ID!) {
    accountThemes(accountId: $accountId) {
      ...Themes_Theme
    }
    themeEditorSettings(accountId: $accountId) {
      allowedFontHosts
      logoMaxBytes
    }
  }
`);

/** The preview's URL per flow, apart from the themes so switching the flow refetches nothing else. */
export const ThemePreviewUrlQuery = graphql(`
  query Themes_PreviewUrl($accountId: ID!, $flow: ThemePreviewFlow!) {
    themeEditorSettings(accountId: $accountId) {
      previewUrl(flow: $flow)
    }
  }
`);

export const GenerateInitialThemeMutation = graphql(`
  mutation Themes_GenerateInitialTheme($accountId: ID!, $name: String!, $brandColor: String, $logo: Upload, $makeActive: Boolean) {
    generateInitialTheme(accountId: $accountId, name: $name, brandColor: $brandColor, logo: $logo, makeActive: $makeActive) {
      ...Themes_Theme
    }
  }
`);

export const ChangeActiveThemeMutation = graphql(`
  mutation Themes_ChangeActiveTheme($accountId: ID!, $themeId: ID!) {
    changeActiveTheme(accountId: $accountId, themeId: $themeId) {
      ...Themes_Theme
    }
  }
`);

export const UpdateActiveThemeMutation = graphql(`
  mutation Themes_UpdateActiveTheme($accountId: ID!, $themeId: ID!, $expectedVersion: Int!, $name: String, $config: ThemeConfigInput!) {
    updateActiveTheme(accountId: $accountId, themeId: $themeId, expectedVersion: $expectedVersion, name: $name, config: $config) {
      ...Themes_Theme
    }
  }
`);

export const RestoreThemeVersionMutation = graphql(`
  mutation Themes_RestoreThemeVersion($accountId: ID!, $themeId: ID!, $version: Int!, $expectedVersion: Int!) {
    restoreThemeVersion(accountId: $accountId, themeId: $themeId, version: $version, expectedVersion: $expectedVersion) {
      ...Themes_Theme
    }
  }
`);

export const DeleteAccountThemeMutation = graphql(`
  mutation Themes_DeleteAccountTheme($accountId: ID!, $themeId: ID!) {
    deleteAccountTheme(accountId: $accountId, themeId: $themeId)
  }
`);
