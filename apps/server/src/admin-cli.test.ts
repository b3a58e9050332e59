import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES } from '@rampart/shared/permissions';
import { serverRoot } from './lib/paths.ts';
import { accountWithMember, sessionFor } from '../test/accounts-helper.ts';
import { errorCode, STRONG_PASSWORD, totpNow, uniqueEmail, type ApiClient, type TestApp } from '../test/harness.ts';
import { startIsolatedTestApp } from '../test/isolated-database.ts';

// `npm run admin` as the operator runs it: a real child process on its own database, mailing through the test SMTP
// server, beside a real app that the new staff user then signs in to.
let t: TestApp;
// A hang guard, not a speed check: each command is a new Node process that loads the server's modules, 3 s of CPU
// alone and up to 10 s on a loaded 2-core CI run (a test with three of them took 30 s there), like the other tests
// that start processes (worker-crash: 90–120 s).
const COMMANDS_TIMEOUT = 90_000;

beforeAll(async () => {
  t = await startIsolatedTestApp('admin_cli');
});

afterAll(async () => {
  await t?.close();
});

function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _shared, SMTP_URL: _smtp, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', path.join(serverRoot, 'src/admin-cli.ts'), ...args],
      {
        cwd: serverRoot,
        env: { ...inherited, DATABASE_URL: t.config.DATABASE_URL, SMTP_URL: t.smtp.url, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
      },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

const STAFF_QUERY = '{ auditEvents(take: 50) { items { operation viaCommandLine actorEmail actorUserId summary changes } } }';

async function userRow(email: string) {
  const result = await t.database.pool.query(
    `select id, admin_role, password_hash, is_email_verified, staff_deactivated_at, staff_deactivated_role from users where lower(email) = lower($1)`,
    [email],
  );
  return result.rows[0];
}

async function commandLineAudit() {
  const result = await t.database.pool.query<{ operation: string; actor_user_id: string | null; actor_email: string | null; changes: Record<string, unknown> }>(
    `select operation, actor_user_id, actor_email, changes from audit_events where via_command_line order by occurred_at`,
  );
  return result.rows;
}

describe('npm run admin: the provider staff users', { timeout: COMMANDS_TIMEOUT }, () => {
  /** The staff user the second test created, for the third. */
  let staffUser: { email: string; client: ApiClient; id: string };

  it('refuses an unknown role, a malformed e-mail address and an unknown command, naming what is valid, and changes nothing', async () => {
    const email = uniqueEmail('nobody');
    const role = await admin('create-staff', '--email', email, '--role', 'Wizard');
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('--role: "Wizard" is not a staff role.');
    expect(role.stderr).toContain(`The staff roles are: ${ADMIN_ROLES.join(', ')}.`);

    const address = await admin('create-staff', '--email', 'not-an-address', '--role', 'SuperAdmin');
    expect(address.code).toBe(1);
    expect(address.stderr).toContain('--email: Enter a valid e-mail address');

    const unknown = await admin('make-me-admin', '--email', email);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "make-me-admin"');

    expect(await userRow(email)).toBeUndefined();
    expect(await commandLineAudit()).toEqual([]);
    expect(t.smtp.countTo(email)).toBe(0);
  });

  it('creates a staff user who sets a password from the e-mailed invitation and acts as staff once two-factor authentication is on', async () => {
    const email = uniqueEmail('first-staff');
    const created = await admin('create-staff', '--email', email, '--role', 'Auditor', '--name', 'Ada Lovelace');
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created the staff user ${email} with the role Auditor (Auditor).`);
    expect(created.stdout).toContain(`A set-password invitation was e-mailed to ${email}`);

    const mail = await t.smtp.waitFor(email, /invited to Rampart as staff/);
    const token = /http:\/\/localhost:3000\/reset\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    // The e-mail is the channel: the secret is never printed.
    expect(created.stdout).not.toContain(token);
    const row = await userRow(email);
    expect(row).toMatchObject({ admin_role: 'Auditor', password_hash: null, is_email_verified: false });

    // No usable password until the invitation's link sets one; the link works once.
    const client = t.client();
    expect(
      errorCode(await client.gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', { e: email, p: STRONG_PASSWORD })),
    ).toBe('BAD_USER_INPUT');
    const reset = 'mutation($token: String!, $p: String!) { resetPassword(token: $token, password: $p) }';
    expect((await client.ok(reset, { token, p: STRONG_PASSWORD })).resetPassword).toBe(true);
    expect(errorCode(await client.gql(reset, { token, p: STRONG_PASSWORD }))).toBe('BAD_USER_INPUT');
    expect((await client.login(email, STRONG_PASSWORD)).preAuthenticated).toBe(false);

    // Signed in, but every staff action waits for two-factor authentication: a staff-only query and a partner's account.
    const { accountId } = await accountWithMember(t);
    const refused = await client.gql(STAFF_QUERY);
    expect(errorCode(refused)).toBe('STAFF_TWO_FACTOR_REQUIRED');
    expect(refused.errors?.[0]?.message).toMatch(/turn on two-factor authentication/);
    expect(errorCode(await client.gql('query($a: ID!) { account(id: $a) { name } }', { a: accountId }))).toBe('STAFF_TWO_FACTOR_REQUIRED');
    expect((await client.ok('{ me { adminRole isOtpEnabled } }')).me).toEqual({ adminRole: 'Auditor', isOtpEnabled: false });

    const { secret } = (await client.ok('mutation { initializeOtp { secret } }')).initializeOtp;
    expect(
      (await client.ok('mutation($c: String!) { registerOtp(otpToken: $c) { user { isOtpEnabled } } }', { c: totpNow(secret) })).registerOtp.user.isOtpEnabled,
    ).toBe(true);
    expect((await client.ok('query($a: ID!) { account(id: $a) { name } }', { a: accountId })).account.name).toBe('Test Account');

    // The staff audit view says what the command line did, and who ran it.
    const events = (await client.ok(STAFF_QUERY)).auditEvents.items as Array<Record<string, unknown>>;
    const creation = events.find((event) => event.operation === 'createStaffUser');
    expect(creation).toMatchObject({
      viaCommandLine: true,
      actorEmail: null,
      actorUserId: null,
      summary: `Created the staff user ${email} as Auditor and e-mailed them a set-password invitation`,
    });
    expect(JSON.parse(creation!.changes as string)).toMatchObject({ email, role: 'Auditor', operator: expect.stringMatching(/.@./) });
    // Staff keep two-factor authentication on.
    expect(errorCode(await client.gql('mutation($c: String!) { disableOtp(otpToken: $c) { isOtpEnabled } }', { c: totpNow(secret, 1) }))).toBe(
      'FORBIDDEN_ERROR',
    );
    staffUser = { email, client, id: row.id };
  });

  it('changes a staff role only when asked, lists the staff, and deactivation ends their sessions and staff access', async () => {
    const { email, client, id } = staffUser;
    const silently = await admin('create-staff', '--email', email, '--role', 'SuperAdmin');
    expect(silently.code).toBe(1);
    expect(silently.stderr).toContain(`${email} is already staff with the role Auditor. To change it to SuperAdmin, run the command again with --change-role.`);
    expect((await userRow(email)).admin_role).toBe('Auditor');

    const changed = await admin('create-staff', '--email', email, '--role', 'SuperAdmin', '--change-role');
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain(`Changed the staff role of ${email} from Auditor to SuperAdmin (Super admin).`);

    const list = await admin('--list');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${email.replace(/[.]/g, '\\.')}\\s+Ada Lovelace\\s+SuperAdmin\\s+on\\s+set\\s+1$`, 'm'));

    const second = await sessionFor(t, id);
    const deactivated = await admin('--deactivate', '--email', email);
    expect(deactivated.code).toBe(0);
    expect(deactivated.stdout).toContain(`Deactivated the staff user ${email} (was SuperAdmin): 2 sessions ended`);
    for (const session of [client, second]) expect(errorCode(await session.gql('{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect(await userRow(email)).toMatchObject({ admin_role: null, staff_deactivated_role: 'SuperAdmin', staff_deactivated_at: expect.any(Date) });
    // Signed in again, they are an ordinary user.
    const again = await sessionFor(t, id);
    expect(errorCode(await again.gql(STAFF_QUERY))).toBe('FORBIDDEN_ERROR');

    const audit = await commandLineAudit();
    expect(
      audit.map((row) => [row.operation, row.actor_user_id, row.actor_email, row.changes.email, row.changes.role ?? null, row.changes.previousRole ?? null]),
    ).toEqual([
      ['createStaffUser', null, null, email, 'Auditor', null],
      ['changeStaffRole', null, null, email, 'SuperAdmin', 'Auditor'],
      ['deactivateStaffUser', null, null, email, null, 'SuperAdmin'],
    ]);
  });

  it('promotes an existing user; one whose address was never confirmed loses the password chosen at sign-up and gets the invitation', async () => {
    const email = uniqueEmail('signed-up');
    await t
      .client()
      .ok('mutation($e: String!, $p: String!) { signup(firstName: "Eve", lastName: "Early", jobTitle: "Other", email: $e, password: $p) { email } }', {
        e: email,
        p: STRONG_PASSWORD,
      });
    const promoted = await admin('create-staff', '--email', email, '--role', 'ReadOnly');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`${email} already had a Rampart user: promoted it to staff with the role ReadOnly (Read-only).`);
    expect(promoted.stdout).toContain('the password chosen at sign-up was removed');
    await t.smtp.waitFor(email, /invited to Rampart as staff/);
    expect(await userRow(email)).toMatchObject({ admin_role: 'ReadOnly', password_hash: null });
    expect(
      errorCode(await t.client().gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', { e: email, p: STRONG_PASSWORD })),
    ).toBe('BAD_USER_INPUT');
    expect((await commandLineAudit()).at(-1)).toMatchObject({ operation: 'promoteToStaff', changes: { email, role: 'ReadOnly', invitationSent: true } });
  });
});

describe('npm run admin: ingestion credentials', { timeout: COMMANDS_TIMEOUT }, () => {
  it('creates a credential and prints its secret once, which then sends events; a third active one is refused', async () => {
    const created = await admin('create-ingestion-credential', '--name', 'Core (eu-west-1)');
    expect(created.code).toBe(0);
    const secret = /^\s+(rpi_\S+)$/m.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    const stored = await t.database.pool.query(`select name, secret_hash, created_by from ingestion_credentials where name = 'Core (eu-west-1)'`);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].secret_hash).not.toContain(secret);
    expect(stored.rows[0].created_by).toMatch(/@/);
    const answer = await fetch(`${t.baseUrl}/provider/v1/events/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${secret}` },
      body: '[]',
    });
    expect(answer.status).toBe(200);

    expect((await admin('create-ingestion-credential', '--name', 'Core (next)')).code).toBe(0);
    const third = await admin('create-ingestion-credential', '--name', 'Core (third)');
    expect(third.code).toBe(1);
    expect(third.stderr).toContain('There are already 2 active ingestion credentials');
    expect(third.stdout).not.toContain('rpi_');
    expect((await commandLineAudit()).filter((row) => row.operation === 'createIngestionCredential').map((row) => row.changes.name)).toEqual([
      'Core (eu-west-1)',
      'Core (next)',
    ]);
  });
});
