import fs from 'node:fs';
import { AppShell } from './pages/app-shell.ts';
import { TransactionDetailPage, TransactionsPage } from './pages/transactions-pages.ts';
import { createSignedInUser, expect, test, withDatabase } from './fixtures.ts';
import { openSignedIn, problemsOf } from './team-fixtures.ts';

// Issue 5: the transactions list (filters in the URL, sharing, export, test and live mode), the detail, and
// staff actions on a sell transaction. The demo account has about 10,000 seeded transactions per mode.

// The shared CI box is often busy: these walk through several screens on 10,000-row data.
test.describe.configure({ timeout: 180_000 });

test.describe('as the demo partner', () => {
  test.use({ signedInAsDemo: true });

  test('filters, shares the view by URL and opens a detail', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const list = new TransactionsPage(page);
    await list.goto('off-ramp');
    const unfiltered = await list.total();

    // The status filter lists the off-ramp statuses; tick one, close it with Escape, then apply with the other filters.
    const statusFilter = page.getByRole('button', { name: /^Status/ });
    await expect(statusFilter).toHaveText('Status');
    await statusFilter.click();
    const popover = page.getByRole('dialog', { name: 'Filter by status' });
    await expect(popover.getByRole('group', { name: 'Statuses' }).locator('label')).toHaveText([
      'Completed',
      'Failed',
      'Frozen',
      'Processing',
      'Waiting for deposit',
    ]);
    await expect(popover.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await popover.getByRole('checkbox', { name: 'Failed' }).click();
    await expect(popover.getByRole('checkbox', { name: 'Failed' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(statusFilter).toBeFocused();
    await expect(statusFilter).toHaveText('Status: Failed');
    await page.getByLabel('Min amount').fill('100');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/status=failed/);
    await expect(page).toHaveURL(/min=100/);
    await expect(list.rows().first().getByText('Failed', { exact: true })).toBeVisible();
    await expect.poll(() => list.total()).toBeLessThan(unfiltered);
    const statuses = await list.rows().locator('[data-slot="status-badge"]').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Failed']));
    // Sorted by amount, ascending: the URL keeps it too.
    await page.getByRole('button', { name: /^Amount/ }).click();
    await page.getByRole('button', { name: /^Amount/ }).click();
    await expect(page).toHaveURL(/sort=amount_ASC/);
    // The header's arrow comes from the same render as the new query; the rows come when it has loaded.
    await expect(page.getByRole('button', { name: 'Amount ↑' })).toBeVisible();
    await list.expectSettled();
    const total = await list.total();
    const ids = await list.rowIds();
    expect(ids.length).toBeGreaterThan(0);

    // The copied link opens the same view in a new page.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(page.url());
    const shared = await context.newPage();
    const sharedList = new TransactionsPage(shared);
    await shared.goto(copied);
    await sharedList.expectLoaded();
    const sharedStatus = shared.getByRole('button', { name: /^Status/ });
    await expect(sharedStatus).toHaveText('Status: Failed');
    await sharedStatus.click();
    await expect(shared.getByRole('checkbox', { name: 'Failed' })).toBeChecked();
    await expect(shared.getByRole('checkbox', { checked: true })).toHaveCount(1);
    await shared.keyboard.press('Escape');
    await expect(shared.getByLabel('Min amount')).toHaveValue('100');
    expect(await sharedList.total()).toBe(total);
    expect(await sharedList.rowIds()).toEqual(ids);
    await shared.close();

    // Back and Forward move between views, and the fields follow: back before the filters, they are empty again.
    await page.goBack(); // amount, descending
    await page.goBack(); // newest first
    await page.goBack(); // before the filters
    await expect(page).not.toHaveURL(/status=/);
    await expect(statusFilter).toHaveText('Status');
    await expect(page.getByLabel('Min amount')).toHaveValue('');
    await expect.poll(() => list.total()).toBe(unfiltered);
    await page.goForward();
    await expect(page).toHaveURL(/status=failed/);
    await expect(statusFilter).toHaveText('Status: Failed');
    await expect(page.getByLabel('Min amount')).toHaveValue('100');
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(/sort=amount_ASC/);
    await expect.poll(() => list.rowIds()).toEqual(ids);

    // A detail from the filtered list.
    await list.rows().first().getByRole('cell').first().click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${ids[0]}$`));
    const detail = new TransactionDetailPage(page);
    await expect(detail.heading()).toHaveText('Off-ramp transaction');
    await expect(detail.status()).toHaveText('Failed');
    await expect(page.getByText(ids[0]!, { exact: true })).toBeVisible();
    await expect(detail.timeline().getByRole('listitem').last()).toContainText('Failed');
    await expect(page.getByText('Processing fee', { exact: true })).toBeVisible();
    // The partner holds no staff role: no staff actions.
    await expect(detail.staffActions()).toHaveCount(0);
  });

  test('filters by several statuses, with the keyboard, and keeps them in the URL', async ({ page }) => {
    const list = new TransactionsPage(page);
    // An old link's single status still works.
    await list.goto('off-ramp', '?status=pending');
    const statusFilter = page.getByRole('button', { name: /^Status/ });
    await expect(statusFilter).toHaveText('Status: Processing');
    expect(new Set(await list.rows().locator('[data-slot="status-badge"]').allInnerTexts())).toEqual(new Set(['Processing']));
    const pendingOnly = await list.total();

    // Open it from the keyboard, tick failed too (pending stays ticked) and apply from the popover.
    await statusFilter.focus();
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Filter by status' });
    await expect(popover.getByRole('checkbox', { name: 'Processing' })).toBeChecked();
    await popover.getByRole('checkbox', { name: 'Failed' }).focus();
    await page.keyboard.press('Space');
    await expect(popover.getByRole('checkbox', { name: 'Failed' })).toBeChecked();
    await expect(statusFilter).toHaveText('Status: 2 selected');
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect(popover).toBeHidden();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('failed,pending');
    await expect.poll(() => list.total()).toBeGreaterThan(pendingOnly);
    const statuses = await list.rows().locator('[data-slot="status-badge"]').allInnerTexts();
    expect(statuses.length).toBeGreaterThan(0);
    for (const status of statuses) expect(['Failed', 'Processing']).toContain(status);

    // A reload keeps both ticked; Clear empties the filter.
    await page.reload();
    await list.expectLoaded();
    await expect(statusFilter).toHaveText('Status: 2 selected');
    await statusFilter.click();
    await expect(popover.getByRole('checkbox', { checked: true })).toHaveCount(2);
    await popover.getByRole('button', { name: 'Clear' }).click();
    await expect(popover.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await popover.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.has('status')).toBe(false);
    await expect(statusFilter).toHaveText('Status');
  });

  test('exports the filtered view as CSV with its header and every filtered row', async ({ page }) => {
    const list = new TransactionsPage(page);
    await list.goto('on-ramp', '?status=failed&min=500');
    const total = await list.total();
    expect(total).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^buy-transactions-(test|live)-.*\.csv$/);
    await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toHaveText(`Exported ${total.toLocaleString('en-US')} rows`);
    const text = fs.readFileSync(await file.path(), 'utf8');
    const lines = text.trimEnd().split('\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(expect.arrayContaining(['id', 'status']));
    expect(lines.length - 1).toBe(total);
    const statusColumn = header.indexOf('status');
    expect(new Set(lines.slice(1).map((line) => line.split(',')[statusColumn]))).toEqual(new Set(['failed']));
  });

  test('test and live mode show different rows', async ({ page }) => {
    const list = new TransactionsPage(page);
    const shell = new AppShell(page);
    await list.goto('on-ramp');
    const before = await list.rowIds();
    const wasTest = await shell.testMode().isChecked();
    await expect(page.getByRole('main').getByText('Test mode', { exact: true })).toHaveCount(wasTest ? 1 : 0);
    await shell.testMode().click();
    await expect(shell.testMode()).toBeChecked({ checked: !wasTest });
    // While the other mode loads the table is empty; wait for its rows, not just for the old ones to go.
    await expect.poll(async () => (await list.rowIds())[0] ?? before[0]).not.toBe(before[0]);
    await list.expectSettled();
    const after = await list.rowIds();
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    // A detail of the other mode says which mode it is in.
    await list.rows().first().getByRole('cell').first().click();
    const detail = new TransactionDetailPage(page);
    // The on-ramp list holds NFT purchases too, titled as such (issue 36).
    await expect(detail.heading()).toHaveText(/^(On-ramp transaction|NFT purchase)$/);
    await expect(page.getByRole('main').getByText('Test', { exact: true })).toHaveCount(wasTest ? 0 : 1);
  });
});

test('a FraudManager freezes, then approves, a sell transaction; the timeline shows both', async ({ browser }) => {
  const staff = await createSignedInUser('fraud', { adminRole: 'FraudManager' });
  const sell = await withDatabase(async (client) => {
    const found = await client.query<{ id: string }>(
      "select t.id from transactions t join accounts a on a.id = t.account_id where a.name = 'Demo Payments' and t.kind = 'sell' and t.status = 'pending' order by t.created_at desc limit 1",
    );
    return found.rows[0]!.id;
  });
  const page = await openSignedIn(browser, staff.session);
  await page.goto(`/transactions/${sell}`);
  const detail = new TransactionDetailPage(page);
  await expect(detail.heading()).toHaveText('Off-ramp transaction', { timeout: 30_000 });
  await expect(detail.status()).toHaveText('Processing');
  const actions = detail.staffActions();
  await expect(actions.getByRole('button')).toHaveText(['Freeze', 'Approve', 'Cancel', 'Refund']);
  await expect(actions.getByRole('button', { name: 'Approve' })).toBeDisabled();

  await actions.getByRole('button', { name: 'Freeze' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Freeze this sell transaction?' });
  await expect(dialog).toContainText('its status becomes frozen');
  await dialog.getByLabel('Reason (optional)').fill('Screening hit');
  await dialog.getByRole('button', { name: 'Freeze transaction' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Transaction frozen', { exact: true })).toBeVisible();
  await expect(detail.status()).toHaveText('Frozen');
  await expect(detail.timeline().getByRole('listitem').last()).toContainText('Frozen');
  await expect(detail.timeline().getByRole('listitem').last()).toContainText('Screening hit');
  // Staff see who acted by name (partners see "Rampart staff"; the server test covers both).
  await expect(detail.timeline().getByRole('listitem').last()).toContainText('by Test User');

  await actions.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('alertdialog', { name: 'Approve this sell transaction?' });
  await expect(approve).toContainText('back to pending');
  await approve.getByRole('button', { name: 'Approve transaction' }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByText('Transaction approved', { exact: true })).toBeVisible();
  await expect(detail.status()).toHaveText('Processing');
  const steps = detail.timeline().getByRole('listitem');
  await expect(steps.last()).toContainText('Processing');
  await expect(steps.last()).toContainText('Approved by staff');
  await expect(steps.nth(-2)).toContainText('Frozen');

  // The server refuses what no longer applies, and its message shows in the dialog.
  await withDatabase((client) => client.query("update transactions set status = 'completed' where id = $1", [sell]));
  await actions.getByRole('button', { name: 'Freeze' }).click();
  const again = page.getByRole('alertdialog', { name: 'Freeze this sell transaction?' });
  await again.getByRole('button', { name: 'Freeze transaction' }).click();
  await expect(again.getByRole('alert')).toContainText('Only transactions in progress can be frozen; this one is completed.');
  await again.getByRole('button', { name: 'Back' }).click();

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
