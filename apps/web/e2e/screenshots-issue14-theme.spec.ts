import { graphqlAs, expect, test } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { ThemePage } from './pages/theme-pages.ts';
import { screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 14's theme editor with the live widget preview for people to look at: light and dark, 1440 and
// 390 px, plus the empty state, the new-theme dialog, a contrast warning, the splash preview and the version history.
// Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue14-theme.

const { shoot, open } = screenshotKit('issue14-theme');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let scene: Promise<{ partner: Partner; empty: Partner }> | undefined;
function setUp() {
  scene ??= (async () => {
    const partner = await createPartner('shot-theme');
    const empty = await createPartner('shot-theme-empty');
    const generate =
      'mutation($a: ID!, $n: String!, $c: String, $m: Boolean) { generateInitialTheme(accountId: $a, name: $n, brandColor: $c, makeActive: $m) { id version } }';
    await graphqlAs(partner.session, generate, { a: partner.accountId, n: 'Spring campaign', c: '#db2777', m: false });
    const brand = await graphqlAs<{ generateInitialTheme: { id: string; version: number } }>(partner.session, generate, {
      a: partner.accountId,
      n: 'Brand',
      c: '#0f766e',
      m: true,
    });
    expect(brand.errors).toBeUndefined();
    // A few versions for the history.
    const themes = await graphqlAs<{ accountThemes: Array<{ isActive: boolean; version: number; config: Record<string, unknown> }> }>(
      partner.session,
      'query($a: ID!) { accountThemes(accountId: $a) { isActive version config { light { background surface surfaceMuted text textMuted border inputBackground primary primaryText danger success } dark { background surface surfaceMuted text textMuted border inputBackground primary primaryText danger success } fontFamily fontUrl splashScreen { lightBackground lightLoader darkBackground darkLoader loaderType } } } }',
      { a: partner.accountId },
    );
    const active = themes.data!.accountThemes.find((theme) => theme.isActive)!;
    const update = 'mutation($a: ID!, $v: Int!, $c: ThemeConfigInput!) { updateActiveTheme(accountId: $a, expectedVersion: $v, config: $c) { version } }';
    const config = active.config as { light: Record<string, string>; fontFamily: string };
    const saved = await graphqlAs(partner.session, update, { a: partner.accountId, v: active.version, c: { ...config, fontFamily: 'rounded' } });
    expect(saved.errors).toBeUndefined();
    return { partner, empty };
  })();
  return scene;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`theme editor and preview, ${theme} ${width}`, async ({ browser }) => {
      const { partner, empty } = await setUp();

      const emptyPage = await open(browser, empty, theme, width);
      const emptyEditor = new ThemePage(emptyPage);
      await emptyEditor.goto();
      await expect(emptyEditor.emptyState()).toBeVisible();
      await shoot(emptyPage, `empty-${theme}-${width}`);
      await emptyPage.getByRole('button', { name: 'Generate a theme' }).click();
      await expect(emptyEditor.newThemeDialog()).toBeVisible();
      await shoot(emptyPage, `new-theme-${theme}-${width}`, false);
      await emptyPage.context().close();

      const page = await open(browser, partner, theme, width);
      const editor = new ThemePage(page);
      await editor.goto();
      await expect(editor.heading()).toHaveText('Brand');
      await editor.previewWidget();
      await shoot(page, `editor-${theme}-${width}`);

      // A contrast failure and an unsaved change, with the preview following it.
      await editor.setColor('Button text', '#9ca3af');
      await expect(editor.colorField(`${theme}.primaryText`).getByRole('status')).toContainText('needs 4.5:1');
      await editor.colorField(`${theme}.primaryText`).scrollIntoViewIfNeeded();
      await shoot(page, `editor-warning-${theme}-${width}`, false);

      await page.getByLabel('Preview splash screen').click();
      await page.getByRole('region', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await shoot(page, `preview-splash-${theme}-${width}`, false);
      await page.getByRole('button', { name: 'Discard' }).click();

      await page.getByRole('button', { name: 'Version history' }).click();
      await expect(editor.history()).toBeVisible();
      await shoot(page, `history-${theme}-${width}`, false);
      await page.context().close();
    });
  }
}
