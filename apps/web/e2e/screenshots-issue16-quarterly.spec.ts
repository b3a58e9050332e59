import fs from 'node:fs';
import path from 'node:path';
import { E2E } from './e2e-env.ts';
import { apiLogin, demoAccountId, expect, test } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';
import { QuarterlyReviewPage } from './pages/quarterly-review-page.ts';
import { screenshotKit } from './screenshot-kit.ts';

// Screenshots of issue 16's quarterly review for people to look at: the demo account's last ended quarter, light and
// dark, 1440 and 390 px, plus the print rendering (as a PNG at A4 width and as the PDF Chromium saves).
// Only with E2E_SCREENSHOTS=1; to E2E_SCREENSHOT_DIR or .data/screenshots/issue16-quarterly.

const { dir, shoot, open } = screenshotKit('issue16-quarterly', { noSideScroll: true });

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function demo(): Promise<Partner> {
  const session = await apiLogin(E2E.demo.email, E2E.demo.password);
  return { session, accountId: await demoAccountId(session) };
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`quarterly review, ${theme} ${width}`, async ({ browser }) => {
      const page = await open(browser, await demo(), theme, width);
      const review = new QuarterlyReviewPage(page);
      await review.goto();
      await expect(review.figureValue('Volume')).toBeVisible({ timeout: 30_000 });
      await shoot(page, `review-${theme}-${width}`);
      if (width === 1440) {
        // Paper: the print media at A4's CSS width, then the PDF itself.
        await page.setViewportSize({ width: 794, height: 1123 });
        await page.emulateMedia({ media: 'print' });
        await shoot(page, `review-print-${theme}`);
        fs.writeFileSync(path.join(dir, `review-${theme}.pdf`), await page.pdf({ format: 'A4', printBackground: true }));
      }
      await page.context().close();
    });
  }
}

test('quarterly review of a new account (empty), light 1440 and dark 390', async ({ browser }) => {
  const partner = await createPartner('shot-quarterly-empty');
  for (const [theme, width] of [
    ['light', 1440],
    ['dark', 390],
  ] as const) {
    const page = await open(browser, partner, theme, width);
    await new QuarterlyReviewPage(page).goto();
    await expect(page.getByRole('region', { name: 'No data for this quarter' })).toBeVisible({ timeout: 30_000 });
    await shoot(page, `review-empty-${theme}-${width}`);
    await page.context().close();
  }
});
