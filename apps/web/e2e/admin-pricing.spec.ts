import { createSignedInUser, expect, graphqlAs, test } from './fixtures.ts';
import { createPartner, expectShell, openSignedIn, problemsOf, sidebarItems, toastText } from './team-fixtures.ts';

// Issue 35: partner pricing, payment methods and routing run by staff. The least-privileged roles that may edit
// (FinanceManager: spreads; PaymentsOperations: payment methods) walk the screens; a lesser role and a partner are refused.

const DISABLE = 'mutation($a: ID!) { disablePaymentMethod(accountId: $a, paymentMethod: sepa, region: EEA) { isEnabled } }';
const SAVE_SPREAD = `mutation($a: ID!) { updateAccountPricingRules(accountId: $a, type: spread, rules: []) { accountId } }`;

test('a finance manager previews and saves a spread; payments operations disable a method; lesser roles and partners are refused', async ({ browser }) => {
  const partner = await createPartner('pricing-partner', `Spread Shop ${Date.now()}`);

  // FinanceManager: finds the account, edits its spread and sees the sample quote change before saving.
  const finance = await createSignedInUser('finance', { adminRole: 'FinanceManager' });
  const page = await openSignedIn(browser, finance.session);
  await page.goto('/dashboard');
  await expectShell(page);
  await page.getByRole('link', { name: 'Pricing' }).click();
  await page.getByLabel('Partner account').fill(partner.accountName);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: `Choose ${partner.accountName}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pricing · ${partner.accountName}`);
  await page.getByRole('button', { name: 'Edit spread rules' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit spread' });
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  const preview = dialog.getByLabel('Preview');
  await dialog.getByLabel('Percentage of rule 1').fill('2.75');
  // Saved rules: the default 1 % spread; the draft: 2.75 %.
  await expect(preview).toContainText('1 %');
  await expect(preview).toContainText('2.75 %');
  await expect(preview.locator('[data-changed]').first()).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Negotiated rate');
  await dialog.getByRole('button', { name: 'Save spread' }).click();
  await expect(toastText(page, 'Spread saved')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Spread rules' })).toContainText('2.75 %');
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();

  // PaymentsOperations: turns SEPA off in the EEA for this account.
  const payments = await createSignedInUser('payments', { adminRole: 'PaymentsOperations' });
  const ops = await openSignedIn(browser, payments.session);
  await ops.goto(`/admin/payment-methods?accountId=${partner.accountId}&account=${encodeURIComponent(partner.accountName)}`);
  const sepaEea = ops.getByRole('switch', { name: 'SEPA bank transfer in European Economic Area' });
  await expect(sepaEea).toBeChecked();
  await sepaEea.click();
  await expect(toastText(ops, 'SEPA bank transfer disabled')).toBeVisible();
  await expect(sepaEea).not.toBeChecked();
  await expect(ops.getByRole('list', { name: 'Routing rules' })).toBeVisible();
  expect(problemsOf(ops)).toEqual([]);
  await ops.context().close();

  // A lesser role sees pricing but may not edit it, and the server refuses it too; one without the permission gets a 403.
  const analyst = await createSignedInUser('finance-analyst', { adminRole: 'FinanceAnalyst' });
  const readOnly = await openSignedIn(browser, analyst.session);
  await readOnly.goto(`/admin/pricing?accountId=${partner.accountId}`);
  await expect(readOnly.getByRole('table', { name: 'Spread rules' })).toContainText('2.75 %');
  await expect(readOnly.getByRole('button', { name: 'Edit spread rules' })).toHaveCount(0);
  expect((await graphqlAs(analyst.session, SAVE_SPREAD, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  expect((await graphqlAs(analyst.session, DISABLE, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  await readOnly.context().close();
  const tier1 = await createSignedInUser('support-tier1', { adminRole: 'SupportAgentTier1' });
  const support = await openSignedIn(browser, tier1.session);
  await support.goto('/admin/payment-methods');
  await expect(support.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  expect(await sidebarItems(support)).not.toContain('Pricing');
  await support.context().close();

  // The partner: no such screen, and the server refuses the staff operations.
  const own = await openSignedIn(browser, partner.session, partner.accountId);
  await own.goto('/admin/pricing');
  await expect(own.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  const items = await sidebarItems(own);
  expect(items).not.toContain('Pricing');
  expect(items).not.toContain('Payment methods');
  expect((await graphqlAs(partner.session, SAVE_SPREAD, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  expect((await graphqlAs(partner.session, DISABLE, { a: partner.accountId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
  await own.context().close();
});
