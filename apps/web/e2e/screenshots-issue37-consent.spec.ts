import { startConfiguredApp, type ConfiguredApp } from './configured-app.ts';
import { expect, test } from './fixtures.ts';
import { SCREEN_HEIGHT, screenshotKit, type ScreenTheme, type ScreenWidth } from './screenshot-kit.ts';

// Screenshots of issue 37's consent banner and preferences dialog on /login, with GA4 and Intercom configured (both
// categories), light and dark, 1440 and 390 px. Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or
// .data/screenshots/issue37-consent. No Google or Intercom request leaves: nothing is accepted.

const kit = screenshotKit('issue37-consent', { noSideScroll: true });
// One worker, one extra server (beside consent-analytics.spec's, at its own port).
test.describe.configure({ mode: 'serial' });

let app: ConfiguredApp;
test.beforeAll(async () => {
  app = await startConfiguredApp({ GA4_MEASUREMENT_ID: 'G-RAMPART37', INTERCOM_APP_ID: 'rampart37' }, 5);
});
test.afterAll(async () => {
  await app?.close();
});

for (const theme of ['light', 'dark'] as ScreenTheme[]) {
  for (const width of [1440, 390] as ScreenWidth[]) {
    test(`consent banner and preferences, ${theme}, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      await page.goto(`${app.url}/login`);
      const banner = page.getByRole('dialog', { name: 'Cookies on Rampart' });
      await expect(banner).toBeVisible();
      await kit.shoot(page, `banner-${theme}-${width}`, false);
      await banner.getByRole('button', { name: 'Manage preferences' }).click();
      const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
      await expect(preferences).toBeVisible();
      await kit.shoot(page, `preferences-${theme}-${width}`, false);
    });
  }
}
