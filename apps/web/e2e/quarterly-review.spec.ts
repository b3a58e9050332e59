import { createSignedInUser, expect, test, withDatabase } from './fixtures.ts';
import { QuarterlyReviewPage } from './pages/quarterly-review-page.ts';
import { createPartner, openSignedIn, problemsOf } from './team-fixtures.ts';

// Issue 16: the quarterly review of the demo account (generated transactions over the past year), its quarter picker
// in the URL, its A4 PDF as Chromium prints it, staff reading any account's review, and who may not.

test.describe.configure({ timeout: 180_000 });

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "Q2 2026" of the quarter `steps` quarters from today's (negative: before). */
function quarterFromToday(steps: number): string {
  const today = new Date();
  const index = today.getUTCFullYear() * 4 + Math.floor(today.getUTCMonth() / 3) + steps;
  return `Q${(index % 4) + 1} ${Math.floor(index / 4)}`;
}
const urlQuarter = (label: string) => label.replace(/^Q(\d) (\d{4})$/, '$2-Q$1');

test.describe('as the demo administrator', () => {
  test.use({ signedInAsDemo: true });

  test('the review changes quarter through the URL and prints to a clean A4 PDF', async ({ page }) => {
    const review = new QuarterlyReviewPage(page);
    await review.goto();
    await expect(review.heading()).toHaveText('Quarterly review');
    // The default is the last ended quarter; the one before is chosen from the picker.
    const last = quarterFromToday(-1);
    const before = quarterFromToday(-2);
    await review.expectReport('Demo Payments', last);

    await review.chooseQuarter(before);
    await expect(page).toHaveURL(new RegExp(`quarter=${urlQuarter(before)}`));
    await review.expectReport('Demo Payments', before);
    await page.reload();
    await review.expectReport('Demo Payments', before);

    const volume = collapse(await review.figureValue('Volume').innerText());
    const transactions = collapse(await review.figureValue('Transactions').innerText());
    expect(volume).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(Number(transactions.replace(/,/g, ''))).toBeGreaterThan(0);
    // Each figure states its change against the quarter before and a year earlier, in words.
    await expect(review.figure('Volume')).toContainText(new RegExp(`(Up|Down|No change) .*vs ${quarterFromToday(-3)}`));
    await expect(review.figure('Volume')).toContainText(new RegExp(`(vs|none in) ${quarterFromToday(-6)}`));
    const notable = collapse(await review.notableChanges().first().innerText());
    expect(notable.length).toBeGreaterThan(10);
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await expect(page.getByText('choose “Save as PDF”')).toBeVisible();

    const printed = await review.printedText();
    expect(printed).toContain('Demo Payments');
    expect(printed).toContain(before);
    expect(printed).toContain('Generated');
    expect(printed).toContain(volume);
    expect(printed).toContain(transactions);
    expect(printed).toContain(notable);
    // No shell on paper: no navigation, account switcher, test-mode banner or controls.
    for (const shell of ['Developers', 'Dashboard', 'Subscription', 'You are viewing test data', 'Download PDF', 'Save as PDF', 'Staff access'])
      expect(printed).not.toContain(shell);
  });
});

test('a new account shows what the review will hold; a developer sees the no-access page', async ({ browser }) => {
  const partner = await createPartner('quarterly', 'Quarterly Labs');
  const page = await openSignedIn(browser, partner.session, partner.accountId);
  const review = new QuarterlyReviewPage(page);
  await review.goto();
  await expect(page.getByRole('region', { name: 'No data for this quarter' })).toContainText(/No transactions in Q\d \d{4}/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'No data for this quarter' })).toContainText('Headline figures, charts per product');

  await withDatabase((client) => client.query("update memberships set role = 'developer' where account_id = $1", [partner.accountId]));
  await page.reload();
  await expect(page.getByText('403')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('staff with analytics access open any account’s review from the organizations search', async ({ browser }) => {
  const page = await openSignedIn(browser, (await createSignedInUser('quarterly-staff', { adminRole: 'DataAnalyst' })).session);
  await page.goto('/admin/organizations?q=Demo+Payments');
  await page.getByRole('link', { name: 'Quarterly review of Demo Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/quarterly-review\?accountId=/);
  const review = new QuarterlyReviewPage(page);
  await expect(review.title()).toHaveText(/^Demo Payments · Q\d \d{4}$/, { timeout: 30_000 });
  await expect(page.getByText('Staff view of Demo Payments')).toBeVisible();
  await expect(review.figureValue('Volume')).toHaveText(/\$[1-9]/);
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
