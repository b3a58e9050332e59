import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expect, test, type ApiSession } from './fixtures.ts';
import { createStaff, createSubmittedApplicant, decideApplication, type Applicant } from './kyb-fixtures.ts';
import { openSignedIn, problemsOf } from './team-fixtures.ts';

// Screenshots of issue 11's screens for people to look at (not compared): the partner's KYB steps on an application on
// hold, the go-live checklist of a verified partner, and the staff queue and application page with a document preview;
// light and dark, 1440 and 390 px, to .data/screenshots/. Only with E2E_SCREENSHOTS=1.

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../.data/screenshots');
const SIZES = { 1440: 900, 390: 844 } as const;
const HOLD_REASON = 'The proof of address is from 2019. Upload a utility bill or bank statement from the last 3 months showing 1 Old Street, London.';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

interface Scene {
  onHold: Applicant;
  verified: Applicant;
  staff: ApiSession;
}

// Made once for the file (serial: one worker), so every theme and width shows the same data.
let scene: Promise<Scene> | undefined;
function setUp(): Promise<Scene> {
  scene ??= (async () => {
    const staff = await createStaff('shot-compliance', 'ComplianceManager');
    const onHold = await createSubmittedApplicant('shot-kyb-hold', 'Kestrel Pay', 'Kestrel Payments Ltd');
    const verified = await createSubmittedApplicant('shot-kyb-ok', 'Harbour Exchange', 'Harbour Exchange GmbH', 'DE');
    await createSubmittedApplicant('shot-kyb-pending', 'Nordlicht Wallet', 'Nordlicht Wallet AB', 'SE');
    await decideApplication(staff, onHold.applicationId, 'OnHold', HOLD_REASON);
    await decideApplication(staff, verified.applicationId, 'InProgress');
    await decideApplication(staff, verified.applicationId, 'Approved');
    return { onHold, verified, staff };
  })();
  return scene;
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  // From the top: a full-page shot of a scrolled page paints the sticky header and sidebar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true, animations: 'disabled' });
}

async function open(browser: Browser, session: ApiSession, accountId: string | undefined, theme: string, width: 1440 | 390) {
  const page = await openSignedIn(browser, session, accountId);
  await page.setViewportSize({ width, height: SIZES[width] });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.addInitScript((choice) => window.localStorage.setItem('theme', choice), theme);
  return page;
}

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390] as const) {
    test(`issue 11 screens, ${theme}, ${width} px`, async ({ browser }) => {
      const { onHold, verified, staff } = await setUp();
      const suffix = `${theme}-${width}`;

      // The partner's steps, on hold with the reviewer's reason.
      const partner = await open(browser, onHold.session, onHold.accountId, theme, width);
      const main = partner.getByRole('main');
      await partner.goto('/dashboard/on-ramp/kyb?step=companyDetails');
      await expect(partner.getByRole('region', { name: 'Review status' })).toContainText(HOLD_REASON, { timeout: 60_000 });
      await expect(main.getByRole('form', { name: 'Company details' }).getByLabel('Legal name')).toHaveValue('Kestrel Payments Ltd');
      await shoot(partner, `issue11-kyb-company-${suffix}`);
      await partner.goto('/dashboard/on-ramp/kyb?step=ownership');
      await expect(main.getByRole('list', { name: 'Owners and directors' })).toContainText('Jonas Berg', { timeout: 60_000 });
      await shoot(partner, `issue11-kyb-ownership-${suffix}`);
      await partner.goto('/dashboard/on-ramp/kyb?step=documents');
      await expect(main.getByText(onHold.files.certificate.name)).toBeVisible({ timeout: 60_000 });
      await shoot(partner, `issue11-kyb-documents-${suffix}`);
      await partner.goto('/dashboard/on-ramp/kyb?step=questionnaire');
      await expect(main.getByRole('form', { name: 'Questionnaire' }).getByLabel('Describe your business model')).not.toHaveValue('', { timeout: 60_000 });
      await shoot(partner, `issue11-kyb-questionnaire-${suffix}`);
      await partner.goto('/dashboard/on-ramp/kyb?step=review');
      await expect(main.getByRole('list', { name: 'Parts of the application' })).toContainText('Kestrel Payments Ltd', { timeout: 60_000 });
      await expect(main.getByRole('button', { name: 'Submit again' })).toBeVisible();
      await shoot(partner, `issue11-kyb-review-on-hold-${suffix}`);
      expect(problemsOf(partner)).toEqual([]);
      await partner.context().close();

      // A verified partner's go-live checklist: testing instructions still to do.
      const live = await open(browser, verified.session, verified.accountId, theme, width);
      await live.goto('/dashboard/on-ramp/go-live');
      const checklist = live.getByRole('list', { name: 'Go-live checklist' });
      await expect(checklist.getByRole('listitem', { name: 'Business verification (KYB) approved' })).toContainText('Done', { timeout: 60_000 });
      await expect(live.getByRole('list', { name: 'Still to do' })).toContainText('Testing instructions provided');
      await shoot(live, `issue11-go-live-checklist-${suffix}`);
      expect(problemsOf(live)).toEqual([]);
      await live.context().close();

      // Staff: the queue, then the application on hold with its proof of address previewed in the page.
      const reviewer = await open(browser, staff, undefined, theme, width);
      await reviewer.goto('/admin/kyb');
      await expect(
        reviewer
          .getByRole('table', { name: 'Applications' })
          .getByRole('link', { name: 'Kestrel Payments Ltd' })
          .or(reviewer.getByRole('list', { name: 'Applications (list)' }).getByRole('link', { name: /Kestrel Payments Ltd/ })),
      ).toBeVisible({ timeout: 60_000 });
      await shoot(reviewer, `issue11-kyb-queue-${suffix}`);
      await reviewer.goto(`/admin/kyb/${onHold.applicationId}`);
      await reviewer.getByRole('button', { name: `Preview ${onHold.files.proofOfAddress.name}` }).click({ timeout: 60_000 });
      const image = reviewer.getByRole('region', { name: `Preview of ${onHold.files.proofOfAddress.name}` }).getByRole('img');
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(640);
      await shoot(reviewer, `issue11-kyb-application-${suffix}`);
      expect(problemsOf(reviewer)).toEqual([]);
      await reviewer.context().close();
    });
  }
}
