import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE_PERMISSIONS, adminPermissionsOf, type AdminPermission } from '@rampart/shared/permissions';
import { accountWithMember, sessionFor, signedInUser } from '../../../test/accounts-helper.ts';
import { errorCode, uniqueEmail, type ApiClient, useTestApp } from '../../../test/harness.ts';
import { staffChangeRefusal } from './staff-administration.service.ts';

// The back office's staff management (issue 35), over real HTTP against the app, mail through the test SMTP server.
const t = useTestApp();
let superAdmin: { userId: string; email: string; client: ApiClient };

const MEMBER = 'id email name role formerRole status isTwoFactorEnabled hasPassword invitationExpiresAt lastSignInAt activeSessions deactivatedAt';
const LIST = `{ staffMembers { ${MEMBER} } }`;
const INVITE = `mutation($e: String!, $r: String!, $n: String) { inviteStaffMember(email: $e, role: $r, name: $n) { ${MEMBER} } }`;
const CHANGE = `mutation($u: ID!, $r: String!) { changeStaffRole(userId: $u, role: $r) { ${MEMBER} } }`;
const DEACTIVATE = `mutation($u: ID!) { deactivateStaffMember(userId: $u) { ${MEMBER} } }`;
const AUDIT = `query($o: String) { auditEvents(operation: $o, take: 50) { items { operation outcome actorUserId summary changes } } }`;

async function lastEvent(operation: string): Promise<Record<string, any>> {
  const items = (await superAdmin.client.ok(AUDIT, { o: operation })).auditEvents.items as Array<Record<string, any>>;
  const event = items.find((item) => item.operation === operation && item.outcome === 'success')!;
  return { ...event, changes: JSON.parse(event.changes as string) as Record<string, any> };
}

const adminRoleOf = async (userId: string) => (await t.database.pool.query(`select admin_role from users where id = $1`, [userId])).rows[0].admin_role;

beforeAll(async () => {
  superAdmin = await signedInUser(t, { adminRole: 'SuperAdmin' });
});

describe('staff management in the back office', () => {
  it('invites by e-mail as the admin command does; the list shows the invitation pending; audited with before and after', async () => {
    const email = uniqueEmail('invited-staff');
    const invited = (await superAdmin.client.ok(INVITE, { e: email, r: 'Auditor', n: 'Grace Hopper' })).inviteStaffMember;
    expect(invited).toMatchObject({ email, name: 'Grace Hopper', role: 'Auditor', status: 'Invited', hasPassword: false, isTwoFactorEnabled: false });
    expect(new Date(invited.invitationExpiresAt).getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);

    const mail = await t.smtp.waitFor(email, /invited to Rampart as staff/);
    expect(mail.text).toContain('with the role Auditor');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/reset\?token=[A-Za-z0-9_-]+/);

    const listed = ((await superAdmin.client.ok(LIST)).staffMembers as Array<Record<string, unknown>>).find((member) => member.email === email);
    expect(listed).toEqual(invited);

    const event = await lastEvent('inviteStaffMember');
    expect(event).toMatchObject({ actorUserId: superAdmin.userId, summary: `Made ${email} staff as Auditor and e-mailed them a set-password invitation` });
    expect(event.changes._subject).toMatchObject({
      email,
      before: { role: null, status: 'none' },
      after: { role: 'Auditor', status: 'Invited', invitationSent: true },
    });

    // Already staff with another role: the role is changed in the list, not by a second invitation.
    const again = await superAdmin.client.gql(INVITE, { e: email, r: 'ReadOnly' });
    expect(errorCode(again)).toBe('CONFLICT');
    expect(again.errors?.[0]?.message).toBe(`${email} is already staff with the role Auditor: change their role in the staff list instead.`);
    const badRole = await superAdmin.client.gql(INVITE, { e: uniqueEmail('x'), r: 'superadmin' });
    expect(badRole.errors?.[0]?.extensions?.fields).toEqual({ role: expect.stringContaining('Did you mean SuperAdmin?') });
  });

  it('changes a role, which takes effect at once; deactivating ends every session of theirs at once', async () => {
    const staff = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
    const second = await sessionFor(t, staff.userId);
    expect(errorCode(await staff.client.gql(AUDIT, {}))).toBe('FORBIDDEN_ERROR');

    const changed = (await superAdmin.client.ok(CHANGE, { u: staff.userId, r: 'Auditor' })).changeStaffRole;
    expect(changed).toMatchObject({ role: 'Auditor', status: 'Active', isTwoFactorEnabled: true, activeSessions: 2, lastSignInAt: expect.any(String) });
    // The next request of their session already has the new role.
    expect(errorCode(await staff.client.gql(AUDIT, {}))).toBeUndefined();
    const event = await lastEvent('changeStaffRole');
    expect(event.summary).toBe(`Changed the staff role of ${staff.email} from Support agent, tier 1 to Auditor`);
    expect(event.changes._subject).toMatchObject({ before: { role: 'SupportAgentTier1', status: 'Active' }, after: { role: 'Auditor', status: 'Active' } });

    const deactivated = (await superAdmin.client.ok(DEACTIVATE, { u: staff.userId })).deactivateStaffMember;
    expect(deactivated).toMatchObject({ role: null, formerRole: 'Auditor', status: 'Deactivated', activeSessions: 0, deactivatedAt: expect.any(String) });
    for (const session of [staff.client, second]) expect(errorCode(await session.gql('{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect((await lastEvent('deactivateStaffMember')).summary).toBe(`Deactivated the staff user ${staff.email} (Auditor), ending 2 sessions`);

    expect(errorCode(await superAdmin.client.gql(DEACTIVATE, { u: staff.userId }))).toBe('CONFLICT');
    expect(errorCode(await superAdmin.client.gql(CHANGE, { u: staff.userId, r: 'Auditor' }))).toBe('CONFLICT');
    expect(errorCode(await superAdmin.client.gql(CHANGE, { u: '00000000-0000-4000-8000-000000000000', r: 'Auditor' }))).toBe('NOT_FOUND');
  });

  it('nobody changes their own staff access; a non-SuperAdmin cannot give a role that manages staff; partners are refused', async () => {
    for (const [query, variables] of [
      [CHANGE, { u: superAdmin.userId, r: 'ReadOnly' }],
      [DEACTIVATE, { u: superAdmin.userId }],
      [INVITE, { e: superAdmin.email.toUpperCase(), r: 'ReadOnly' }],
    ] as const) {
      const refused = await superAdmin.client.gql(query, variables);
      expect(errorCode(refused)).toBe('FORBIDDEN_ERROR');
      expect(refused.errors?.[0]?.message).toBe('You cannot change your own staff access: another SuperAdmin has to do it.');
    }
    expect(await adminRoleOf(superAdmin.userId)).toBe('SuperAdmin');

    // Admin holds nearly every permission, but not staff:manage: it can neither raise itself nor make anyone SuperAdmin.
    const admin = await signedInUser(t, { adminRole: 'Admin' });
    const other = await signedInUser(t, { adminRole: 'ReadOnly' });
    for (const [query, variables] of [
      [CHANGE, { u: admin.userId, r: 'SuperAdmin' }],
      [CHANGE, { u: other.userId, r: 'SuperAdmin' }],
      [INVITE, { e: uniqueEmail('accomplice'), r: 'SuperAdmin' }],
      [DEACTIVATE, { u: superAdmin.userId }],
      [LIST, {}],
    ] as const)
      expect(errorCode(await admin.client.gql(query, variables))).toBe('FORBIDDEN_ERROR');
    expect([await adminRoleOf(admin.userId), await adminRoleOf(other.userId)]).toEqual(['Admin', 'ReadOnly']);

    const partner = await accountWithMember(t, { role: 'administrator' });
    for (const [query, variables] of [
      [LIST, {}],
      [INVITE, { e: uniqueEmail('partner-invite'), r: 'SuperAdmin' }],
      [CHANGE, { u: partner.userId, r: 'SuperAdmin' }],
    ] as const)
      expect(errorCode(await partner.client.gql(query, variables))).toBe('FORBIDDEN_ERROR');
    expect(await adminRoleOf(partner.userId)).toBeNull();
  });

  it('the rule holds on a table giving staff:manage to a role other than SuperAdmin', () => {
    // Today only SuperAdmin holds staff:manage; were Admin to get it, an Admin must still not make anyone an Admin or
    // SuperAdmin (who could then raise them), nor touch a SuperAdmin, nor give a role allowing more than Admin does.
    const table: Record<string, readonly AdminPermission[]> = {
      ...ADMIN_ROLE_PERMISSIONS,
      Admin: [...ADMIN_ROLE_PERMISSIONS.Admin, 'staff:view', 'staff:manage'],
      SupportManager: [...ADMIN_ROLE_PERMISSIONS.SupportManager, 'staff:view', 'staff:manage'],
    };
    const permissionsOf = (role: string | null) => (role ? (table[role] ?? []) : []);
    const admin = { id: 'a', adminRole: 'Admin' };
    const refusal = (actor: typeof admin, target: { id: string; adminRole: string | null }, role: string | null) =>
      staffChangeRefusal(actor, target, role, permissionsOf);

    expect(refusal(admin, { id: 'b', adminRole: 'ReadOnly' }, 'Admin')).toMatch(/^Only a SuperAdmin can give the role Admin: it allows staff:manage/);
    expect(refusal(admin, { id: 'b', adminRole: 'ReadOnly' }, 'SuperAdmin')).toMatch(/^Only a SuperAdmin can give the role SuperAdmin/);
    expect(refusal(admin, { id: 'b', adminRole: 'SuperAdmin' }, null)).toMatch(/^Only a SuperAdmin can change the staff access of a SuperAdmin/);
    expect(refusal(admin, { id: 'a', adminRole: 'Admin' }, 'SuperAdmin')).toMatch(/your own staff access/);
    expect(refusal(admin, { id: 'b', adminRole: 'SupportAgentTier1' }, 'FinanceManager')).toBeNull();
    expect(refusal({ id: 's', adminRole: 'SupportManager' }, { id: 'b', adminRole: 'SupportAgentTier1' }, 'FinanceManager')).toMatch(
      /^Your role \(SupportManager\) cannot give the role FinanceManager: it allows fee:edit/,
    );
    // On the real table a SuperAdmin may give any role to anyone else.
    expect(staffChangeRefusal({ id: 'a', adminRole: 'SuperAdmin' }, { id: 'b', adminRole: 'SuperAdmin' }, 'ReadOnly')).toBeNull();
    expect(adminPermissionsOf('Admin')).not.toContain('staff:manage');
  });
});
