import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, STAFF_TOTP_SECRET, startTestApp, STRONG_PASSWORD, totpNow, uniqueEmail, type ApiClient, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ USER_HASH_SECRET: 'team-test-user-hash-secret-0123456789', FEATURE_FLAG_CACHE_SECONDS: '0.2' });
});
afterAll(async () => {
  await t.close();
});

const ONBOARD = `mutation($input: OnboardingInfoInput!) { createOnboardingInfo(input: $input) { id name isVerified status organization { name subscriptionPlanType } onboardingDetails { country websiteUrls } domainReviews { domain status } } }`;
const validOnboarding = (name = 'Acme Wallet') => ({
  accountName: name,
  legalName: `${name} Ltd`,
  country: 'GB',
  industry: 'Wallet',
  websiteUrls: ['https://acme.example'],
  productInterests: ['OnRamp', 'Swaps'],
  expectedMonthlyVolume: '$100k–$1M',
  registrationNumber: '12345678',
  useCase: 'Let wallet users buy crypto.',
});

async function confirmedUser(): Promise<{ email: string; client: ApiClient }> {
  const email = uniqueEmail('team');
  const client = t.client();
  await client.ok(
    'mutation($e: String!, $p: String!) { signup(firstName: "Tess", lastName: "Admin", jobTitle: "Operations", email: $e, password: $p) { email } }',
    { e: email, p: STRONG_PASSWORD },
  );
  const code = /code is (\d{6})/.exec((await t.smtp.waitFor(email, /confirmation code/)).text)![1];
  const data = await client.ok('mutation($e: String!, $c: String!) { confirmSignupEmail(email: $e, confirmationCode: $c) { csrfToken } }', {
    e: email,
    c: code,
  });
  client.csrfToken = data.confirmSignupEmail.csrfToken;
  return { email, client };
}

async function onboarded() {
  const admin = await confirmedUser();
  const account = (await admin.client.ok(ONBOARD, { input: validOnboarding() })).createOnboardingInfo;
  return { ...admin, accountId: account.id as string };
}

async function invite(client: ApiClient, accountId: string, email: string, role: string) {
  const result = await client.ok(
    'mutation($e: String!, $a: ID!, $r: MembershipRole!) { createMembership(email: $e, accountId: $a, role: $r) { id role hasAcceptedInvite inviteExpiresAt user { email } } }',
    { e: email, a: accountId, r: role },
  );
  const mail = await t.smtp.waitFor(email, /invited/);
  const token = new URL(/https?:\/\/\S+\/register\?inviteToken=\S+/.exec(mail.text)![0]).searchParams.get('inviteToken')!;
  return { membership: result.createMembership, token };
}

describe('onboarding', () => {
  it('creates an organization with a first test-mode account and the user as administrator', async () => {
    const { client } = await confirmedUser();
    const countries = await client.ok('{ getCountries { code name } businessIndustries productInterests }');
    expect(countries.getCountries.find((c: { code: string }) => c.code === 'GB').name).toBe('United Kingdom');
    expect(countries.getCountries.length).toBeGreaterThan(240);
    expect(countries.productInterests).toContain('OnRamp');

    const account = (await client.ok(ONBOARD, { input: validOnboarding('Bright Ramp') })).createOnboardingInfo;
    expect(account).toMatchObject({
      name: 'Bright Ramp',
      isVerified: false,
      status: 'Active',
      organization: { name: 'Bright Ramp Ltd', subscriptionPlanType: 'Free' },
    });
    expect(account.domainReviews).toEqual([{ domain: 'acme.example', status: null }]);
    const me = await client.ok('{ me { memberships { role account { id } } } }');
    expect(me.me.memberships).toEqual([{ role: 'administrator', account: { id: account.id } }]);

    const again = await client.gql(ONBOARD, { input: validOnboarding('Second') });
    expect(errorCode(again)).toBe('CONFLICT');
    const faq = await client.ok('mutation($a: ID!) { markFaqAsRead(accountId: $a) { onboardingInfo { hasReadFaq isOnRampEnabled } } }', { a: account.id });
    expect(faq.markFaqAsRead.onboardingInfo).toEqual({ hasReadFaq: true, isOnRampEnabled: false });
  });

  it.each([
    ['an unknown country', { country: 'XX' }, 'country'],
    ['no website', { websiteUrls: [] }, 'websiteUrls'],
    ['a website that is not a URL', { websiteUrls: ['acme dot com'] }, 'websiteUrls.0'],
    ['an unknown industry', { industry: 'Piracy' }, 'industry'],
    ['an unknown product', { productInterests: ['Teleport'] }, 'productInterests.0'],
    ['a one-letter account name', { accountName: 'A' }, 'accountName'],
  ])('refuses %s and creates nothing', async (_label, change, field) => {
    const { client } = await confirmedUser();
    const result = await client.gql(ONBOARD, { input: { ...validOnboarding(), ...change } });
    expect(errorCode(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0]!.extensions!.fields![field]).toBeTruthy();
    expect((await client.ok('{ me { memberships { id } } }')).me.memberships).toEqual([]);
  });
});

describe('team', () => {
  it('invites a new user who registers through the link and sees only what the role allows', async () => {
    const { client: admin, accountId } = await onboarded();
    const email = uniqueEmail('analyst');
    const { membership, token } = await invite(admin, accountId, email, 'analyst');
    expect(membership).toMatchObject({ role: 'analyst', hasAcceptedInvite: false, user: { email } });
    expect(new Date(membership.inviteExpiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const visitor = t.client();
    const details = await visitor.ok('query($t: String!) { membershipInvite(inviteToken: $t) { email role accountName invitedBy isExistingUser } }', {
      t: token,
    });
    expect(details.membershipInvite).toEqual({ email, role: 'analyst', accountName: 'Acme Wallet', invitedBy: 'Tess Admin', isExistingUser: false });

    const weak = await visitor.gql(
      'mutation($n: String!, $p: String!, $t: String!) { signupByInvite(name: $n, password: $p, inviteToken: $t) { csrfToken } }',
      { n: 'Ana Lyst', p: 'short', t: token },
    );
    expect(weak.errors![0]!.extensions!.fields!.password).toMatch(/at least 12/);
    const registered = await visitor.ok(
      'mutation($n: String!, $p: String!, $t: String!) { signupByInvite(name: $n, password: $p, inviteToken: $t) { csrfToken user { name email } } }',
      { n: 'Ana Lyst', p: STRONG_PASSWORD, t: token },
    );
    visitor.csrfToken = registered.signupByInvite.csrfToken;
    expect(registered.signupByInvite.user).toEqual({ name: 'Ana Lyst', email });
    expect((await visitor.ok('{ me { memberships { role account { id name } } } }')).me.memberships).toEqual([
      { role: 'analyst', account: { id: accountId, name: 'Acme Wallet' } },
    ]);

    // An analyst reads but cannot manage the team.
    expect(
      (await visitor.ok('query($a: ID!) { account(id: $a) { memberships { role hasAcceptedInvite } } }', { a: accountId })).account.memberships,
    ).toHaveLength(2);
    expect(
      errorCode(await visitor.gql('mutation($a: ID!) { createMembership(email: "x@example.com", accountId: $a, role: analyst) { id } }', { a: accountId })),
    ).toBe('FORBIDDEN_ERROR');

    // The link works once.
    const reused = await t
      .client()
      .gql('mutation($t: String!) { signupByInvite(name: "Again", password: "another-long-password-1", inviteToken: $t) { csrfToken } }', { t: token });
    expect(reused.errors![0]!.message).toMatch(/not valid or has already been used/);
  });

  it('refuses an expired invitation', async () => {
    const { client: admin, accountId } = await onboarded();
    const email = uniqueEmail('late');
    const { membership, token } = await invite(admin, accountId, email, 'developer');
    await t.database.pool.query(`update memberships set invite_expires_at = now() - interval '1 minute' where id = $1`, [membership.id]);
    const result = await t.client().gql('query($t: String!) { membershipInvite(inviteToken: $t) { email } }', { t: token });
    expect(result.errors![0]!.message).toMatch(/expired/);
    const resent = await admin.ok('mutation($id: ID!) { resendInvitationEmail(id: $id) { inviteExpiresAt } }', { id: membership.id });
    expect(new Date(resent.resendInvitationEmail.inviteExpiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('lets a signed-in user accept an invitation addressed to them, and nobody else', async () => {
    const { client: admin, accountId } = await onboarded();
    const invitee = await confirmedUser();
    const stranger = await confirmedUser();
    const { token } = await invite(admin, accountId, invitee.email, 'support_specialist');
    const details = await t.client().ok('query($t: String!) { membershipInvite(inviteToken: $t) { isExistingUser } }', { t: token });
    expect(details.membershipInvite.isExistingUser).toBe(true);
    const wrongUser = await stranger.client.gql('mutation($t: String!) { acceptInvite(inviteToken: $t) { id } }', { t: token });
    expect(wrongUser.errors![0]!.message).toMatch(/Sign in as that user/);
    const accepted = await invitee.client.ok('mutation($t: String!) { acceptInvite(inviteToken: $t) { role hasAcceptedInvite } }', { t: token });
    expect(accepted.acceptInvite).toEqual({ role: 'support_specialist', hasAcceptedInvite: true });
  });

  it('refuses an invalid e-mail, an unknown role and a duplicate invitation', async () => {
    const { client: admin, accountId } = await onboarded();
    expect(
      errorCode(await admin.gql('mutation($a: ID!) { createMembership(email: "not-an-email", accountId: $a, role: analyst) { id } }', { a: accountId })),
    ).toBe('BAD_USER_INPUT');
    const unknownRole = await admin.gql('mutation($a: ID!) { createMembership(email: "ok@example.com", accountId: $a, role: wizard) { id } }', {
      a: accountId,
    });
    expect(unknownRole.errors![0]!.message).toMatch(/wizard/);
    const email = uniqueEmail('dup');
    await invite(admin, accountId, email, 'analyst');
    const duplicate = await admin.gql('mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: analyst) { id } }', {
      e: email,
      a: accountId,
    });
    expect(duplicate.errors![0]!.extensions!.fields!.email).toMatch(/already invited/);
    const members = (await admin.ok('query($a: ID!) { account(id: $a) { memberships { id } } }', { a: accountId })).account.memberships;
    expect(members).toHaveLength(2);
  });

  it('limits the team by plan, pending invitations included: Free 3, Basic 10, Pro unlimited; a refusal creates nothing', async () => {
    const { client: admin, accountId } = await onboarded();
    const CREATE = 'mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: analyst) { id } }';
    const seats = async () => (await admin.ok('query($a: ID!) { account(id: $a) { memberships { id } } }', { a: accountId })).account.memberships.length;
    const setPlan = (plan: string) =>
      t.database.pool.query(`update organizations set subscription_plan_type = $2 where id = (select organization_id from accounts where id = $1)`, [
        accountId,
        plan,
      ]);
    // The administrator and two pending invitations fill the Free plan's three seats.
    for (let i = 0; i < 2; i++) await admin.ok(CREATE, { e: uniqueEmail('seat'), a: accountId });
    const refusedEmail = uniqueEmail('fourth');
    const refused = await admin.gql(CREATE, { e: refusedEmail, a: accountId });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors![0]!.message).toBe('The Free plan includes up to 3 team members; upgrade to invite more.');
    expect(await seats()).toBe(3);
    expect((await t.database.pool.query('select 1 from users where email = $1', [refusedEmail])).rowCount).toBe(0);

    await setPlan('Basic');
    for (let i = 0; i < 7; i++) await admin.ok(CREATE, { e: uniqueEmail('seat'), a: accountId });
    const eleventh = await admin.gql(CREATE, { e: uniqueEmail('eleventh'), a: accountId });
    expect(eleventh.errors![0]!.message).toBe('The Basic plan includes up to 10 team members; upgrade to invite more.');
    expect(await seats()).toBe(10);

    await setPlan('Pro');
    await admin.ok(CREATE, { e: uniqueEmail('seat'), a: accountId });
    expect(await seats()).toBe(11);
  });

  it('changes roles, removes access at once and keeps the last administrator', async () => {
    const { client: admin, accountId } = await onboarded();
    const email = uniqueEmail('dev');
    const { membership, token } = await invite(admin, accountId, email, 'developer');
    const member = t.client();
    member.csrfToken = (
      await member.ok('mutation($t: String!, $p: String!) { signupByInvite(name: "Dev Eloper", password: $p, inviteToken: $t) { csrfToken } }', {
        t: token,
        p: STRONG_PASSWORD,
      })
    ).signupByInvite.csrfToken;

    const adminMembership = (
      await admin.ok('query($a: ID!) { account(id: $a) { memberships { id role user { email } } } }', { a: accountId })
    ).account.memberships.find((m: { role: string }) => m.role === 'administrator');
    const demote = await admin.gql('mutation($id: ID!) { updateMembership(id: $id, role: analyst) { role } }', { id: adminMembership.id });
    expect(errorCode(demote)).toBe('CONFLICT');
    expect(demote.errors![0]!.message).toMatch(/at least one administrator/);
    expect(errorCode(await admin.gql('mutation($id: ID!) { deleteMembership(id: $id) }', { id: adminMembership.id }))).toBe('CONFLICT');

    expect(
      (await admin.ok('mutation($id: ID!) { updateMembership(id: $id, role: administrator) { role } }', { id: membership.id })).updateMembership.role,
    ).toBe('administrator');
    // With two administrators, one may step down.
    expect((await admin.ok('mutation($id: ID!) { updateMembership(id: $id, role: analyst) { role } }', { id: adminMembership.id })).updateMembership.role).toBe(
      'analyst',
    );
    expect(errorCode(await admin.gql('mutation($id: ID!) { updateMembership(id: $id, role: developer) { role } }', { id: membership.id }))).toBe(
      'FORBIDDEN_ERROR',
    );

    // The new administrator removes the former one; the removed user's open session loses the account on its next request.
    expect(await member.ok('mutation($id: ID!) { deleteMembership(id: $id) }', { id: adminMembership.id })).toEqual({ deleteMembership: true });
    expect(errorCode(await admin.gql('query($a: ID!) { account(id: $a) { id } }', { a: accountId }))).toBe('FORBIDDEN_ERROR');
    expect((await admin.ok('{ me { memberships { id } } }')).me.memberships).toEqual([]);
  });
});

describe('audit trail', () => {
  it('records mutations with the actor, the account and redacted arguments', async () => {
    const { client: admin, accountId, email: adminEmail } = await onboarded();
    await invite(admin, accountId, uniqueEmail('audited'), 'analyst');
    await admin.gql('mutation($a: ID!) { createMembership(email: "bad", accountId: $a, role: analyst) { id } }', { a: accountId });
    const trail = await admin.ok(
      'query($a: ID!) { accountAuditEvents(accountId: $a) { totalCount items { operation outcome errorCode actorEmail actorRole changes } } }',
      { a: accountId },
    );
    const operations = trail.accountAuditEvents.items.map((item: { operation: string; outcome: string }) => `${item.operation}:${item.outcome}`);
    expect(operations).toEqual(expect.arrayContaining(['createMembership:success', 'createMembership:failure']));
    const success = trail.accountAuditEvents.items.find(
      (item: { outcome: string; operation: string }) => item.operation === 'createMembership' && item.outcome === 'success',
    );
    expect(success).toMatchObject({ actorEmail: adminEmail, actorRole: 'administrator' });
    expect(JSON.parse(success.changes)).toMatchObject({ role: 'analyst', accountId });

    const filtered = await admin.ok('query($a: ID!) { accountAuditEvents(accountId: $a, outcome: failure) { items { errorCode } } }', { a: accountId });
    expect(filtered.accountAuditEvents.items).toEqual([{ errorCode: 'BAD_USER_INPUT' }]);
  });

  it('never stores passwords or tokens', async () => {
    const email = uniqueEmail('secret');
    await t.client().gql('mutation($e: String!) { login(email: $e, password: "super-secret-password-x") { csrfToken } }', { e: email });
    const rows = await t.database.pool.query(`select changes::text from audit_events where operation = 'login' and actor_email = $1`, [email]);
    expect(rows.rows[0].changes).toContain('[redacted]');
    expect(rows.rows[0].changes).not.toContain('super-secret-password-x');
  });

  it('lets auditing staff browse every account and records their views of an account', async () => {
    const { accountId } = await onboarded();
    const { email: staffEmail } = await confirmedUser();
    await t.database.pool.query(`update users set admin_role = 'Auditor', otp_secret = $2, is_otp_enabled = true where email = $1`, [
      staffEmail,
      STAFF_TOTP_SECRET,
    ]);
    const staff = t.client();
    await staff.login(staffEmail, STRONG_PASSWORD, totpNow(STAFF_TOTP_SECRET));
    const me = await staff.ok('{ me { adminRole permissions } }');
    expect(me.me.adminRole).toBe('Auditor');
    expect(me.me.permissions).toContain('auditTrail:view');
    const orgs = await staff.ok('{ organizations(search: "Acme") { name accounts { id } } }');
    expect(orgs.organizations.length).toBeGreaterThan(0);
    await staff.ok('query($a: ID!) { account(id: $a) { name } }', { a: accountId });
    const events = await staff.ok('query($a: ID) { auditEvents(accountId: $a, operation: "account") { items { kind viaStaff actorRole } } }', { a: accountId });
    expect(events.auditEvents.items[0]).toEqual({ kind: 'view', viaStaff: true, actorRole: 'Auditor' });
    expect(
      errorCode(await staff.gql('mutation($a: ID!) { createMembership(email: "x@example.com", accountId: $a, role: analyst) { id } }', { a: accountId })),
    ).toBe('FORBIDDEN_ERROR');
  });
});

describe('around the user', () => {
  it('hashes the user id for the support chat and records the support contact', async () => {
    const { client, accountId } = await onboarded();
    const me = await client.ok('{ me { id } }');
    const hash = await client.ok('query($a: ID!) { userHash(accountId: $a) { userHash } }', { a: accountId });
    expect(hash.userHash.userHash).toBe(crypto.createHmac('sha256', 'team-test-user-hash-secret-0123456789').update(me.me.id).digest('hex'));
    expect(
      await client.ok('mutation($a: ID!) { createSupportContact(email: "t@example.com", name: "Tess", companyName: "Acme", companyId: $a) }', { a: accountId }),
    ).toEqual({ createSupportContact: true });
    expect(
      errorCode(
        await client.gql('mutation($a: ID!) { createSupportContact(email: "nope", name: "Tess", companyName: "Acme", companyId: $a) }', { a: accountId }),
      ),
    ).toBe('BAD_USER_INPUT');
    const synced = await client.ok('mutation($a: ID!) { syncUserWithAccount(accountId: $a) { id } }', { a: accountId });
    expect(synced.syncUserWithAccount.id).toBe(me.me.id);
  });

  it('opens the account last selected on any device first: syncUserWithAccount is remembered and me(selectedAccountId) leads with that account', async () => {
    const { client, accountId: alpha } = await onboarded();
    const userId = (await client.ok('{ me { id } }')).me.id as string;
    // Two more accounts, set up by others, that this user is a member of.
    const memberOf = async (name: string) => {
      const other = await confirmedUser();
      const id = (await other.client.ok(ONBOARD, { input: validOnboarding(name) })).createOnboardingInfo.id as string;
      await t.database.pool.query(
        `insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'analyst', true, now())`,
        [id, userId],
      );
      return id;
    };
    const zulu = await memberOf('Zulu Wallet');
    const mid = await memberOf('Mid Wallet');
    const ME = 'query($s: ID) { me(selectedAccountId: $s) { lastSelectedAccountId memberships(take: 1) { account { id } } } }';
    const first = async (selected?: string) => {
      const data = await client.ok(ME, { s: selected });
      return { last: data.me.lastSelectedAccountId, first: data.me.memberships[0].account.id };
    };
    expect(await first()).toEqual({ last: null, first: alpha });

    await client.ok('mutation($a: ID!) { syncUserWithAccount(accountId: $a) { id } }', { a: zulu });
    // A new device (no stored selection) gets the last selected account first, though it sorts last by name.
    expect(await first()).toEqual({ last: zulu, first: zulu });
    expect(await first(mid)).toEqual({ last: zulu, first: mid });
    expect(await first(crypto.randomUUID())).toEqual({ last: zulu, first: zulu });
    expect(errorCode(await client.gql(ME, { s: 'not-an-id' }))).toBe('BAD_USER_INPUT');

    // Once the user is no longer a member, the remembered account is not offered.
    await t.database.pool.query('delete from memberships where account_id = $1 and user_id = $2', [zulu, userId]);
    expect(await first()).toEqual({ last: null, first: alpha });
  });

  it('evaluates feature flags with the user, account and organization context', async () => {
    const { client, accountId } = await onboarded();
    await t.database.pool.query(
      `insert into feature_flags (key, description, default_value, rules) values ('test-targeted', 'test', false, $1) on conflict (key) do update set rules = excluded.rules`,
      [JSON.stringify([{ attribute: 'account.key', values: [accountId], value: true }])],
    );
    const flags = async (a?: string) =>
      Object.fromEntries(
        (await client.ok('query($a: ID) { featureFlags(accountId: $a) { key enabled } }', { a })).featureFlags.map((f: { key: string; enabled: boolean }) => [
          f.key,
          f.enabled,
        ]),
      );
    // Past the flags' cache (0.2 s in this file's app), which may hold the flags from before the rule.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await flags(accountId))['test-targeted']).toBe(true);
    expect((await flags())['test-targeted']).toBe(false);
    expect((await flags())['analytics-dashboards']).toBe(true);
  });
});
