import { AnalyticsPage } from './pages/analytics-pages.ts';
import { expect, test } from './fixtures.ts';
import { SCREEN_HEIGHT, screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 16's /analytics for people to look at: every report tab of the demo account, light and dark,
// 1440 and 390 px (nothing may scroll sideways). Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or
// .data/screenshots/issue16-analytics.

const { shoot } = screenshotKit('issue16-analytics', { noSideScroll: true });
const TABS = [
  ['Volume', 'volume'],
  ['Conversion', 'conversion'],
  ['Customers', 'customers'],
  ['Geography', 'geography'],
  ['Payment methods', 'payment-methods'],
  ['Failures', 'failures'],
] as const;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.use({ signedInAsDemo: true });

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`analytics tabs, ${theme} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height: SCREEN_HEIGHT[width] });
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme });
      await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
      const analytics = new AnalyticsPage(page);
      await analytics.goto();
      for (const [name, file] of TABS) {
        await analytics.openTab(name);
        await expect(analytics.panel(name).getByTestId('analytics-range')).toBeVisible({ timeout: 30_000 });
        if (name === 'Geography') await expect(page.locator('svg[data-chart=world-map]')).toBeVisible();
        await shoot(page, `${file}-${theme}-${width}`);
      }
    });
  }
}
