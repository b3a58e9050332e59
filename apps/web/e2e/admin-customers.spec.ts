import { createSignedInUser, expect, graphqlAs, test, uniqueEmail, withDatabase } from './fixtures.ts';
import { createPartner, expectShell, openSignedIn, problemsOf, sidebarItems, toastText } from './team-fixtures.ts';

// Issue 35: staff run partners' customers. /admin/customers (customer:view; edit needs customer:edit) and /admin/edd
// (edd:view; decisions edd:approve / edd:reject), each walked as the least-privileged role that may.

/** A partner's customer with an identity document, flagged for enhanced due diligence. */
async function flaggedCustomer() {
  const partner = await createPartner('edd-partner', 'Edd Partner');
  const email = uniqueEmail('customer');
  const id = await withDatabase(async (client) => {
    const inserted = await client.query<{ id: string }>(
      `insert into customers (account_id, live_mode, email, first_name, last_name, external_customer_id, country, kyc_level, identity_check_status)
       values ($1, false, $2, 'Ada', 'Lovelace', $3, 'GB', 'Lite', 'Pending') returning id`,
      [partner.accountId, email, `ext-${crypto.randomUUID().slice(0, 8)}`],
    );
    const customerId = inserted.rows[0]!.id;
    await client.query(`insert into customer_files (customer_id, type, review_result) values ($1, 'passport', 'clear')`, [customerId]);
    await client.query(`insert into edd_reviews (customer_id, account_id, flag_reason) values ($1, $2, 'Volume over 10,000 USD in a week')`, [
      customerId,
      partner.accountId,
    ]);
    return customerId;
  });
  return { partner, email, id };
}

const EDD_QUEUE = '{ eddReviews { items { id } } }';
const EDIT = 'mutation($id: ID!) { updateStaffCustomer(id: $id, input: { lastName: "Nope" }) { id } }';

test('support tier 2 edits a customer whose personal data it cannot read; tier 1 and a partner are refused', async ({ browser }) => {
  const { partner, email, id } = await flaggedCustomer();
  const tier2 = await createSignedInUser('tier2', { adminRole: 'SupportAgentTier2' });
  const page = await openSignedIn(browser, tier2.session);
  await page.goto('/dashboard');
  await expectShell(page);
  await expect(page.getByRole('link', { name: 'All customers' })).toBeVisible();
  expect(await sidebarItems(page)).not.toContain('Due diligence');

  await page.getByRole('link', { name: 'All customers' }).click();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const table = page.getByRole('table', { name: 'Customers' });
  // The server masks: the full address never reaches this role's browser.
  await expect(table).toContainText(`${email.charAt(0)}•••@`);
  await expect(table).not.toContainText(email);
  // Every test customer's masked address looks alike: wait for the search to leave this one row before opening it.
  await expect(table.getByRole('link')).toHaveCount(1);
  await table.getByRole('link').click();
  await expect(page).toHaveURL(`/admin/customers/${id}`);
  await expect(page.getByText('Personal data hidden')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A••• L•••');
  await expect(page.getByText('passport')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete personal data' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Edit customer' });
  await expect(dialog.getByLabel('Last name')).toHaveValue('');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastText(page, 'Customer updated')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A••• H•••');
  const row = await withDatabase((client) => client.query(`select first_name, last_name, email from customers where id = $1`, [id]));
  expect(row.rows[0]).toEqual({ first_name: 'Ada', last_name: 'Hopper', email });

  // Tier 2 has no edd:view: no queue offered, and the server refuses it.
  await page.goto('/admin/edd');
  await expect(page.getByText('403')).toBeVisible();
  expect((await graphqlAs(tier2.session, EDD_QUEUE)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  // Tier 1 views customers but may not edit them.
  const tier1 = await createSignedInUser('tier1', { adminRole: 'SupportAgentTier1' });
  const tier1Page = await openSignedIn(browser, tier1.session);
  await tier1Page.goto(`/admin/customers/${id}`);
  await expect(tier1Page.getByText('Personal data hidden')).toBeVisible();
  await expect(tier1Page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  expect((await graphqlAs(tier1.session, EDIT, { id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  // A partner sees neither screen and the server refuses it the customer.
  const partnerPage = await openSignedIn(browser, partner.session, partner.accountId);
  await partnerPage.goto('/admin/customers');
  await expect(partnerPage.getByText('403')).toBeVisible();
  expect(await sidebarItems(partnerPage)).not.toContain('All customers');
  expect((await graphqlAs(partner.session, 'query($id: ID!) { staffCustomer(id: $id) { id } }', { id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');

  for (const opened of [page, tier1Page, partnerPage]) {
    expect(problemsOf(opened)).toEqual([]);
    await opened.context().close();
  }
});

test('an EDD analyst works the queue: sees the customer in full and approves the review with a reason', async ({ browser }) => {
  const { email, id } = await flaggedCustomer();
  const analyst = await createSignedInUser('edd', { adminRole: 'EddAnalyst' });
  const page = await openSignedIn(browser, analyst.session);
  await page.goto('/dashboard');
  await expectShell(page);
  await page.getByRole('link', { name: 'Due diligence' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enhanced due diligence');
  const queue = page.getByRole('list', { name: 'EDD queue' });
  const card = queue.getByRole('listitem').filter({ hasText: email });
  await expect(card).toContainText('Volume over 10,000 USD in a week');

  await card.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Bank statements explain the volume');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toastText(page, 'Review approved')).toBeVisible();
  await expect(queue.getByText(email)).toHaveCount(0);

  // The customer's page shows the decision, and this role (customer:viewPii) the personal data and documents.
  await page.goto(`/admin/customers/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace');
  await expect(page.getByText('passport')).toBeVisible();
  await expect(page.getByRole('list', { name: 'EDD reviews' })).toContainText('Bank statements explain the volume');
  const audit = await withDatabase((client) =>
    client.query(`select actor_role, changes->>'reason' as reason from audit_events where operation = 'approveEddReview' and actor_user_id = $1`, [analyst.id]),
  );
  expect(audit.rows).toEqual([{ actor_role: 'EddAnalyst', reason: 'Bank statements explain the volume' }]);
  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});
