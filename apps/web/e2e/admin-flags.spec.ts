import fs from 'node:fs/promises';
import { E2E } from './e2e-env.ts';
import { createSignedInUser, expect, graphqlAs, test, type ApiSession } from './fixtures.ts';
import { createPartner, expectShell, openSignedIn, problemsOf, sidebarItems } from './team-fixtures.ts';

// Issue 35: staff set a feature flag for one partner account (/admin/feature-flags, featureFlag:edit: Engineer) and
// export the audit trail as CSV (/admin/audit, auditTrail:export: Auditor). Lesser roles and partners are refused.

const SET = 'mutation($a: ID) { setFeatureFlag(flag: "passes", accountId: $a, enabled: false, reason: "refused") { key } }';
const exportAs = (session: ApiSession) =>
  fetch(`${E2E.appUrl}/exports/audit-events.csv`, { headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken } });
async function passesFor(partner: { session: ApiSession; accountId: string }) {
  const result = await graphqlAs<{ featureFlags: Array<{ key: string; enabled: boolean }> }>(
    partner.session,
    'query($a: ID) { featureFlags(accountId: $a) { key enabled } }',
    {
      a: partner.accountId,
    },
  );
  return result.data!.featureFlags.find((flag) => flag.key === 'passes')?.enabled;
}

test('an engineer turns a flag off for one account; an auditor downloads that change in the audit CSV', async ({ browser }) => {
  const accountName = `Flags ${Date.now()}`;
  const partner = await createPartner('flags-partner', accountName);
  expect(await passesFor(partner)).toBe(true);

  const engineer = await createSignedInUser('engineer', { adminRole: 'Engineer' });
  const page = await openSignedIn(browser, engineer.session);
  await page.goto('/dashboard');
  await expectShell(page);
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Feature flags' })).toBeVisible();
  await page.getByRole('link', { name: 'Feature flags' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feature flags');
  await page.getByRole('button', { name: 'Set passes for an organization or account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'An account' }).click();
  await dialog.getByRole('searchbox', { name: 'Find by name or id' }).fill(accountName);
  await dialog.getByRole('radio', { name: accountName }).click();
  await dialog.getByRole('radio', { name: 'Off' }).click();
  await dialog.getByLabel('Reason').fill('Passes paused during the pilot');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const values = page.getByRole('list', { name: 'Values of passes' });
  await expect(values.getByRole('listitem').filter({ hasText: accountName })).toContainText('Off');
  // What the partner's dashboard receives follows at once.
  expect(await passesFor(partner)).toBe(false);
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();

  const auditor = await createSignedInUser('auditor', { adminRole: 'Auditor' });
  const auditPage = await openSignedIn(browser, auditor.session);
  await auditPage.goto(`/admin/audit?actor=${encodeURIComponent(engineer.email)}&operation=setFeatureFlag`);
  await expect(auditPage.getByRole('table', { name: 'Audit events' })).toContainText('Passes paused during the pilot');
  const download = auditPage.waitForEvent('download');
  await auditPage.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile(await file.path(), 'utf8')).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(/^occurred_at,actor_email,/);
  expect(lines[1]).toContain(engineer.email);
  expect(lines[1]).toContain(`Set feature flag “passes” for account “${accountName}” from inherited to off (reason: Passes paused during the pilot)`);
  expect(problemsOf(auditPage)).toEqual([]);
  await auditPage.context().close();
});

test('a product manager only reads the flags, a compliance manager cannot export, a partner gets neither', async ({ browser }) => {
  const partner = await createPartner('flags-refused', `Refused ${Date.now()}`);

  const productManager = await createSignedInUser('product', { adminRole: 'ProductManager' });
  const page = await openSignedIn(browser, productManager.session);
  await page.goto('/admin/feature-flags');
  await expect(page.getByRole('list', { name: 'Feature flags' })).toContainText('passes');
  await expect(page.getByRole('button', { name: /^Set passes for/ })).toHaveCount(0);
  expect((await graphqlAs(productManager.session, SET, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  await page.context().close();

  const complianceManager = await createSignedInUser('compliance', { adminRole: 'ComplianceManager' });
  const auditPage = await openSignedIn(browser, complianceManager.session);
  await auditPage.goto('/admin/audit');
  await expect(auditPage.getByRole('heading', { level: 1 })).toHaveText('Audit trail');
  await expect(auditPage.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  expect((await exportAs(complianceManager.session)).status).toBe(403);
  await auditPage.context().close();

  const partnerPage = await openSignedIn(browser, partner.session, partner.accountId);
  await partnerPage.goto('/admin/feature-flags');
  await expect(partnerPage.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  expect(await sidebarItems(partnerPage)).not.toContain('Feature flags');
  expect((await graphqlAs(partner.session, SET, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  expect((await exportAs(partner.session)).status).toBe(403);
  expect(await passesFor(partner)).toBe(true);
  await partnerPage.context().close();
});
