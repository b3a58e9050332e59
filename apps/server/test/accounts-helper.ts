import type { MembershipRole } from '@rampart/shared/enums';
import { STAFF_TOTP_SECRET, uniqueEmail, type ApiClient, type TestApp } from './harness.ts';

/**
 * A user row without going through sign-up (which other tests cover), and a signed-in client for it. Staff (adminRole)
 * have two-factor authentication on (STAFF_TOTP_SECRET), as staff must; `twoFactor: false` leaves it off.
 */
export async function signedInUser(
  t: TestApp,
  options: { adminRole?: string | null; twoFactor?: boolean } = {},
): Promise<{ userId: string; email: string; client: ApiClient }> {
  const email = uniqueEmail('member');
  const twoFactor = options.twoFactor ?? Boolean(options.adminRole);
  const result = await t.database.pool.query(
    `insert into users (email, first_name, last_name, is_email_verified, admin_role, otp_secret, is_otp_enabled) values ($1, 'Test', 'Member', true, $2, $3, $4) returning *`,
    [email, options.adminRole ?? null, twoFactor ? STAFF_TOTP_SECRET : null, twoFactor],
  );
  const row = result.rows[0];
  const issued = await t.app.services.identity.issueSession({ ...row, firstName: row.first_name, lastName: row.last_name }, 'password', {
    ipAddress: '127.0.0.1',
    userAgent: 'test',
  });
  const client = t.client();
  client.cookie = `rampart_session=${issued.cookieValue}`;
  client.csrfToken = issued.csrfToken;
  return { userId: row.id, email, client };
}

/** An organization with one account and a signed-in member of it. */
export async function accountWithMember(t: TestApp, options: { role?: MembershipRole; verified?: boolean; name?: string } = {}) {
  const user = await signedInUser(t);
  const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [
    `${options.name ?? 'Test'} Ltd`,
    user.userId,
  ]);
  const account = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name, is_verified) values ($1, $2, $3) returning id`, [
    org.rows[0]!.id,
    options.name ?? 'Test Account',
    options.verified ?? false,
  ]);
  const accountId = account.rows[0]!.id;
  await addMembership(t, accountId, user.userId, options.role ?? 'administrator');
  return { ...user, accountId, organizationId: org.rows[0]!.id };
}

/** A membership with its invitation accepted, written directly. */
export async function addMembership(t: TestApp, accountId: string, userId: string, role: MembershipRole) {
  await t.database.pool.query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, $3, true, now())`, [
    accountId,
    userId,
    role,
  ]);
}

/** A new signed-in user who is a member of the account in `role`. */
export async function signedInMember(t: TestApp, accountId: string, role: MembershipRole) {
  const user = await signedInUser(t);
  await addMembership(t, accountId, user.userId, role);
  return user;
}

/** A new session for an existing user: for tests whose operations may end the session they run in. */
export async function sessionFor(t: TestApp, userId: string): Promise<ApiClient> {
  const user = await t.database.pool.query(`select id, email, first_name as "firstName", last_name as "lastName" from users where id = $1`, [userId]);
  const issued = await t.app.services.identity.issueSession(user.rows[0], 'password', { ipAddress: '127.0.0.1', userAgent: 'test' });
  const client = t.client();
  client.cookie = `rampart_session=${issued.cookieValue}`;
  client.csrfToken = issued.csrfToken;
  return client;
}
