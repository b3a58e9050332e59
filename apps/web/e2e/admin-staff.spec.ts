import { createSignedInUser, expect, graphqlAs, test, uniqueEmail, waitForMail } from './fixtures.ts';
import { chooseOption, createPartner, expectShell, openSignedIn, problemsOf, sidebarItems } from './team-fixtures.ts';

// Issue 35: /admin/staff. Per the permission table only SuperAdmin holds staff:view and staff:manage, so it walks the
// screen; a lesser staff role and a partner are neither offered it nor served by the server.

const STAFF_QUERY = '{ staffMembers { id } }';

test('a SuperAdmin invites a staff member, changes a role and deactivates; the deactivated session is refused at once', async ({ browser }) => {
  const superAdmin = await createSignedInUser('super-admin', { adminRole: 'SuperAdmin' });
  const colleague = await createSignedInUser('colleague', { adminRole: 'SupportAgentTier1' });
  const page = await openSignedIn(browser, superAdmin.session);

  await page.goto('/dashboard');
  await expectShell(page);
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL('/admin/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff');
  const table = page.getByRole('table', { name: 'Staff' });
  const ownRow = table.getByRole('row').filter({ hasText: superAdmin.email });
  await expect(ownRow).toContainText('You');
  // Nobody acts on themselves: no actions on one's own row.
  await expect(ownRow.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);

  // Invite: the same e-mail as the admin command.
  const invited = uniqueEmail('invited-staff');
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a staff member' });
  await invite.getByLabel('E-mail').fill(invited);
  await chooseOption(page, invite.getByRole('combobox', { name: 'Role' }), 'Auditor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();
  const invitedRow = table.getByRole('row').filter({ hasText: invited });
  await expect(invitedRow).toContainText('Auditor');
  await expect(invitedRow).toContainText('Invitation pending');
  await expect(invitedRow).toContainText('Never');
  expect((await waitForMail(invited, /invited to Rampart as staff/)).text).toContain('/reset?token=');

  // Change a role.
  const colleagueRow = table.getByRole('row').filter({ hasText: colleague.email });
  await expect(colleagueRow).toContainText('Support agent, tier 1');
  await colleagueRow.getByRole('button', { name: `Actions for ${colleague.email}` }).click();
  await page.getByRole('menuitem', { name: 'Change role' }).click();
  const change = page.getByRole('dialog', { name: 'Change role' });
  await chooseOption(page, change.getByRole('combobox', { name: 'Role' }), 'Support agent, tier 2');
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(change).toBeHidden();
  await expect(colleagueRow).toContainText('Support agent, tier 2');

  // Deactivate, confirmed: their session is refused on its next request.
  expect((await graphqlAs(colleague.session, '{ me { adminRole } }')).data).toEqual({ me: { adminRole: 'SupportAgentTier2' } });
  await colleagueRow.getByRole('button', { name: `Actions for ${colleague.email}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${colleague.email}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(colleagueRow).toContainText('Deactivated');
  await expect(colleagueRow).toContainText('Was Support agent, tier 2');
  expect((await graphqlAs(colleague.session, '{ me { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

  expect(problemsOf(page)).toEqual([]);
  await page.context().close();
});

test('a lesser staff role and a partner are not offered the screen and the server refuses them', async ({ browser }) => {
  const supportAgent = await createSignedInUser('support-agent', { adminRole: 'SupportAgentTier1' });
  const partner = await createPartner('staff-partner', 'Staff Screen Partner');
  for (const [session, accountId] of [
    [supportAgent.session, undefined],
    [partner.session, partner.accountId],
  ] as const) {
    expect((await graphqlAs(session, STAFF_QUERY)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN_ERROR');
    const page = await openSignedIn(browser, session, accountId);
    await page.goto('/admin/staff');
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
    const items = await sidebarItems(page);
    expect(items).not.toContain('Staff');
    // The support agent keeps the admin entries its role allows; the partner has none.
    if (!accountId) expect(items).toContain('Organizations');
    else expect(items).not.toContain('Organizations');
    expect(problemsOf(page)).toEqual([]);
    await page.context().close();
  }
});
