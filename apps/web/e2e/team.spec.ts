import { AppShell } from './pages/app-shell.ts';
import { apiLogin, expect, graphqlAs, linkIn, STRONG_PASSWORD, stored, test, uniqueEmail, waitForMail } from './fixtures.ts';
import { chooseOption, createPartner, expectShell, openSignedIn, problemsOf, sidebarItems, toastText } from './team-fixtures.ts';

// Issue 3's team flow on a fresh organization (never the demo data): invite by e-mail, register through /register,
// the teammate sees what the role allows, role change, removal revokes access at once, last-administrator rule.

// Each flow spans several browser contexts and e-mails: more than the default minute when the machine is busy.
test.describe.configure({ timeout: 150_000 });

test('invite, register, role limits, role change and removal', async ({ browser }) => {
  const owner = await createPartner('team-owner', 'Team Labs');
  const page = await openSignedIn(browser, owner.session, owner.accountId);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');

  // Bad input on the invite form: a clear message, nothing sent.
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();

  const teammateEmail = uniqueEmail('teammate');
  await dialog.getByLabel('E-mail').fill(teammateEmail);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Role' }), 'Analyst');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, 'Invitation sent')).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  const inviteRow = members.getByRole('row').filter({ hasText: teammateEmail });
  await expect(inviteRow).toContainText('Invitation pending');

  // Inviting the same person twice is refused with the server's message on the field.
  await page.getByRole('button', { name: 'Invite member' }).click();
  await dialog.getByLabel('E-mail').fill(teammateEmail);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText(/already invited/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The invitation arrives by mail; the teammate registers through /register.
  const mail = await waitForMail(teammateEmail, /You are invited to Team Labs/);
  const link = new URL(linkIn(mail, '/register?inviteToken='));
  const visitor = await browser.newContext();
  const teammate = await visitor.newPage();
  await teammate.goto(`${link.pathname}${link.search}`);
  await expect(teammate.getByRole('heading', { level: 1 })).toHaveText('Join Team Labs');
  await expect(teammate.getByText('Analyst', { exact: true })).toBeVisible();
  await expect(teammate.getByText('Team Labs Ltd')).toBeVisible();
  await teammate.getByLabel('Full name').fill('Ada Teammate');
  await teammate.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await teammate.getByLabel('Confirm password').fill('something-else-entirely');
  await teammate.getByRole('button', { name: 'Create account and join' }).click();
  await expect(teammate.getByText('The passwords do not match')).toBeVisible();
  await teammate.getByLabel('Confirm password').fill(STRONG_PASSWORD);
  await teammate.getByRole('button', { name: 'Create account and join' }).click();
  await expect(teammate).toHaveURL('/dashboard');
  const teammateShell = new AppShell(teammate);
  await expectShell(teammate);
  await expect(teammateShell.accountSwitcher()).toHaveAccessibleName('Account: Team Labs');
  expect(await stored(teammate, 'csrfToken')).toBeTruthy();

  // An analyst: no Developers, no Subscription; the team is read-only, no audit tab.
  let items = await sidebarItems(teammate);
  expect(items).toEqual(expect.arrayContaining(['Transactions', 'Customers', 'Analytics', 'Team']));
  expect(items).not.toContain('Developers');
  expect(items).not.toContain('Subscription');
  await teammate.getByRole('link', { name: 'Team' }).first().click();
  await expect(teammate.getByRole('table', { name: 'Members' })).toContainText(owner.email);
  await expect(teammate.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  await expect(teammate.getByRole('combobox')).toHaveCount(0);
  await expect(teammate.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(teammate.getByRole('tab', { name: 'Audit trail' })).toHaveCount(0);

  // The invitation works once.
  const reuse = await browser.newContext();
  const reusePage = await reuse.newPage();
  await reusePage.goto(`${link.pathname}${link.search}`);
  await expect(reusePage.getByRole('alert')).toContainText(/already been used|not valid/);
  await reuse.close();

  // The administrator sees the member active and makes them a developer.
  await page.reload();
  const memberRow = members.getByRole('row').filter({ hasText: teammateEmail });
  await expect(memberRow).toContainText('Active');
  await chooseOption(page, memberRow.getByRole('combobox', { name: `Role of ${teammateEmail}` }), 'Developer');
  await expect(toastText(page, 'Role changed')).toBeVisible();

  // The teammate's next load follows the new role: Developers appears.
  await teammate.reload();
  await expect(teammate.getByRole('heading', { level: 1 })).toHaveText('Team');
  items = await sidebarItems(teammate);
  expect(items).toContain('Developers');

  // Removal: confirmed in a dialog, then the teammate loses the account on their next request.
  await memberRow.getByRole('button', { name: `Actions for ${teammateEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this member?' });
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(toastText(page, 'Member removed')).toBeVisible();
  await expect(members).not.toContainText(teammateEmail);

  await teammate.getByRole('link', { name: 'Dashboard' }).first().click();
  await teammate.getByRole('link', { name: 'Team' }).first().click();
  // Without any account left, the user is sent to onboarding.
  await expect(teammate).toHaveURL('/onboarding');
  const denied = await graphqlAs(await apiLogin(teammateEmail, STRONG_PASSWORD), 'query($id: ID!) { account(id: $id) { id } }', { id: owner.accountId });
  expect(denied.errors?.[0]?.extensions?.['code']).toBe('FORBIDDEN_ERROR');

  // The Free plan's three seats count pending invitations: full, the screen offers the upgrade instead of the invitation.
  await expect(page.getByText(/The Free plan includes up to 3 team members\./)).toBeVisible();
  for (const prefix of ['seat-a', 'seat-b'])
    expect(
      (
        await graphqlAs(owner.session, 'mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: analyst) { id } }', {
          e: uniqueEmail(prefix),
          a: owner.accountId,
        })
      ).errors,
    ).toBeUndefined();
  await page.reload();
  await expect(page.getByText(/The Free plan includes up to 3 team members; upgrade to invite more\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to invite more' })).toHaveAttribute('href', '/subscription');
  await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
  await visitor.close();
});

test('the last administrator can be neither demoted nor removed; the audit trail records it', async ({ browser }) => {
  const owner = await createPartner('last-admin', 'Solo Labs');
  const page = await openSignedIn(browser, owner.session, owner.accountId);
  await page.goto('/team');
  const ownRow = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: owner.email });
  await expect(ownRow).toContainText('You');

  await chooseOption(page, ownRow.getByRole('combobox', { name: `Role of ${owner.email}` }), 'Analyst');
  await expect(toastText(page, 'Could not change the role')).toBeVisible();
  await expect(toastText(page, /at least one administrator/)).toBeVisible();
  await expect(ownRow.getByRole('combobox', { name: `Role of ${owner.email}` })).toHaveText('Administrator');

  await ownRow.getByRole('button', { name: `Actions for ${owner.email}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(toastText(page, 'Could not remove the member')).toBeVisible();
  await expect(ownRow).toBeVisible();

  // The account's audit trail (administrators hold audit:read): filters live in the URL.
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  const events = page.getByRole('table', { name: 'Audit events' });
  await expect(events).toContainText('updateMembership');
  await page.getByLabel('Operation').fill('deleteMembership');
  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Failure' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/operation=deleteMembership/);
  await expect(page).toHaveURL(/outcome=failure/);
  await expect(events.getByRole('row')).toHaveCount(2);
  await expect(events).toContainText('Conflict');
  await expect(events).toContainText('Removed a member from the team');
  await events.getByRole('button', { name: 'Show changes' }).first().click();
  await expect(page.getByLabel('Changes of deleteMembership')).toContainText('"id"');
  // The filtered view survives a reload.
  await page.reload();
  await expect(page.getByLabel('Operation')).toHaveValue('deleteMembership');
  await expect(page.getByRole('table', { name: 'Audit events' }).getByRole('row')).toHaveCount(2);

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('an existing user signs in to accept an invitation and switches between accounts', async ({ browser }) => {
  const owner = await createPartner('inviter', 'Second Labs');
  const other = await createPartner('existing', 'First Labs');
  const invite = await graphqlAs(
    owner.session,
    'mutation($email: String!, $accountId: ID!) { createMembership(email: $email, accountId: $accountId, role: support_specialist) { id } }',
    {
      email: other.email,
      accountId: owner.accountId,
    },
  );
  expect(invite.errors).toBeUndefined();
  const link = new URL(linkIn(await waitForMail(other.email, /You are invited to Second Labs/), '/register?inviteToken='));
  const path = `${link.pathname}${link.search}`;

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Second Labs');
  await page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByLabel(/e-?mail/i).fill(other.email);
  await page.getByLabel(/^password/i).fill(other.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(path);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL('/dashboard');
  const shell = new AppShell(page);
  await expectShell(page);
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: Second Labs');
  // A support specialist reads transactions and customers only.
  const items = await sidebarItems(page);
  expect(items).toEqual(expect.arrayContaining(['Transactions', 'Customers', 'Team']));
  for (const hidden of ['Developers', 'Subscription', 'Analytics', 'On-ramp']) expect(items).not.toContain(hidden);

  await shell.switchAccount('First Labs');
  expect(await stored(page, 'selectedAccountId')).toBe(other.accountId);
  expect(await sidebarItems(page)).toContain('Developers');
  await page.reload();
  await expect(shell.accountSwitcher()).toHaveAccessibleName('Account: First Labs');

  // The choice is remembered on the server: a new device, with nothing stored, opens the account chosen last.
  await shell.switchAccount('Second Labs');
  await expect
    .poll(
      async () =>
        (await graphqlAs<{ me: { lastSelectedAccountId: string } }>(other.session, '{ me { lastSelectedAccountId } }')).data?.me.lastSelectedAccountId,
    )
    .toBe(owner.accountId);
  const newDevice = await openSignedIn(browser, other.session);
  await newDevice.goto('/dashboard');
  await expect(new AppShell(newDevice).accountSwitcher()).toHaveAccessibleName('Account: Second Labs');
  expect(await stored(newDevice, 'selectedAccountId')).toBe(owner.accountId);
  expect(problemsOf(newDevice)).toEqual([]);
  await newDevice.context().close();
  await context.close();
});

test('an unknown invitation token shows the server message', async ({ page }) => {
  await page.goto('/register?inviteToken=abcdefghijklmnopqrstuvwxyz0123456789');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join your team');
  await expect(page.getByRole('alert')).toContainText('This invitation is not valid or has already been used.');
});
