import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';

const SUPPORT_EMAIL = 'help-desk@provider.example';
const INTERCOM_IDENTITY_SECRET = crypto.randomBytes(32).toString('hex');

let t: TestApp;
let agent: { client: ApiClient; email: string };
let superAdmin: ApiClient;
beforeAll(async () => {
  t = await startTestApp({ SUPPORT_EMAIL, INTERCOM_APP_ID: 'abc12345', INTERCOM_IDENTITY_SECRET });
  agent = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
  superAdmin = (await signedInUser(t, { adminRole: 'SuperAdmin' })).client;
});
afterAll(async () => {
  await t.close();
});

const REQUEST = 'id accountId accountName organizationName plan subject status openedBy messages { body fromStaff authorName }';
const CREATE = `mutation($a: ID!, $s: String!, $b: String!) { createSupportRequest(accountId: $a, subject: $s, body: $b) { ${REQUEST} } }`;
const REPLY = `mutation($id: ID!, $b: String!) { replyToSupportRequest(id: $id, body: $b) { ${REQUEST} } }`;
const ANSWER = `mutation($id: ID!, $b: String!) { answerSupportRequest(id: $id, body: $b) { ${REQUEST} } }`;
const CLOSE = `mutation($id: ID!) { closeSupportRequest(id: $id) { ${REQUEST} } }`;
const LIST = `query($a: ID!) { supportRequests(accountId: $a) { ${REQUEST} } }`;
const INBOX = `query($s: SupportRequestStatus) { staffSupportRequests(status: $s, take: 100) { totalCount items { ${REQUEST} } } }`;
const ONE = `query($id: ID!) { staffSupportRequest(id: $id) { ${REQUEST} } }`;
const AUDIT = `query($a: ID!, $o: String) { accountAuditEvents(accountId: $a, operation: $o) { items { operation summary changes actorEmail } } }`;

/** A partner organization on a paid plan (spec §1: the support chat is not offered on Free). */
async function paidPartner(name: string, plan: 'Basic' | 'Pro' = 'Pro') {
  const member = await accountWithMember(t, { name });
  await t.database.pool.query(`update organizations set subscription_plan_type = $2 where id = $1`, [member.organizationId, plan]);
  await t.database.pool.query(`update users set first_name = 'Tess', last_name = 'Partner' where id = $1`, [member.userId]);
  return member;
}

const requestCount = async (accountId: string) =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from support_requests where account_id = $1`, [accountId])).rows[0]!.n;

describe('the built-in support chat: a request becomes a conversation with staff', () => {
  it('a partner opens a request; it is e-mailed to SUPPORT_EMAIL and in the staff inbox; staff answer, the partner reads and replies; staff close it', async () => {
    const partner = await paidPartner('Helpdesk Shop');
    const opened = (await partner.client.ok(CREATE, { a: partner.accountId, s: 'Payouts are late', b: 'Our EUR payout of\nFriday has not arrived.' }))
      .createSupportRequest;
    expect(opened).toMatchObject({
      accountId: partner.accountId,
      accountName: 'Helpdesk Shop',
      organizationName: 'Helpdesk Shop Ltd',
      plan: 'Pro',
      subject: 'Payouts are late',
      status: 'Open',
      openedBy: partner.email,
      messages: [{ body: 'Our EUR payout of\nFriday has not arrived.', fromStaff: false, authorName: 'Tess Partner' }],
    });

    // The provider's support address hears of it, with who asked, the plan and a link into the staff inbox.
    const mail = await t.smtp.waitFor(SUPPORT_EMAIL, /Support request from Helpdesk Shop Ltd: Payouts are late/);
    expect(mail.text).toContain(`Tess Partner <${partner.email}> opened a support request for Helpdesk Shop (Helpdesk Shop Ltd, Pro plan).`);
    expect(mail.text).toContain('Friday has not arrived.');
    expect(mail.text).toContain(`http://localhost:3000/admin/support/${opened.id}`);

    // Staff see it in the inbox, among the open ones.
    const inbox = (await agent.client.ok(INBOX, { s: 'Open' })).staffSupportRequests;
    expect(inbox.items.map((item: { id: string }) => item.id)).toContain(opened.id);
    expect((await agent.client.ok(INBOX, { s: 'Closed' })).staffSupportRequests.items.map((item: { id: string }) => item.id)).not.toContain(opened.id);

    const answered = (await agent.client.ok(ANSWER, { id: opened.id, b: 'It left on Monday; reference PO-7.' })).answerSupportRequest;
    expect(answered.status).toBe('Answered');
    expect(answered.messages.at(-1)).toEqual({ body: 'It left on Monday; reference PO-7.', fromStaff: true, authorName: 'Rampart support' });
    // The member who opened it is told by e-mail where to read it.
    const told = await t.smtp.waitFor(partner.email, /Rampart support replied: Payouts are late/);
    expect(told.text).toContain('It left on Monday; reference PO-7.');

    // The partner sees the reply, and so does another member of the account.
    const colleague = await signedInMember(t, partner.accountId, 'support_specialist');
    const seen = (await colleague.client.ok(LIST, { a: partner.accountId })).supportRequests;
    expect(seen).toHaveLength(1);
    expect(seen[0].messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([false, true]);

    const followUp = (await colleague.client.ok(REPLY, { id: opened.id, b: 'Thanks, found it.' })).replyToSupportRequest;
    expect(followUp.status).toBe('Open');
    expect(followUp.messages).toHaveLength(3);
    await t.smtp.waitFor(SUPPORT_EMAIL, /Reply from Helpdesk Shop Ltd: Payouts are late/);

    expect((await agent.client.ok(CLOSE, { id: opened.id })).closeSupportRequest.status).toBe('Closed');
    expect(errorCode(await agent.client.gql(CLOSE, { id: opened.id }))).toBe('CONFLICT');
    expect((await agent.client.ok(ONE, { id: opened.id })).staffSupportRequest.status).toBe('Closed');

    // Each change is in the account's audit trail, with the status before and after.
    const audit = (await partner.client.ok(AUDIT, { a: partner.accountId })).accountAuditEvents.items as Array<{
      operation: string;
      summary: string;
      changes: string;
    }>;
    expect(audit.map((event) => event.operation)).toEqual(expect.arrayContaining(['createSupportRequest', 'replyToSupportRequest']));
    expect(audit.find((event) => event.operation === 'createSupportRequest')!.summary).toBe('Opened the support request "Payouts are late"');
    const reply = JSON.parse(audit.find((event) => event.operation === 'replyToSupportRequest')!.changes);
    expect(reply._subject).toMatchObject({ before: { status: 'Answered' }, after: { status: 'Open' } });
  });

  it('a partner sees only their own organization’s requests; another organization’s members get nothing', async () => {
    const mine = await paidPartner('Tenant One', 'Basic');
    const other = await paidPartner('Tenant Two');
    const theirs = (await other.client.ok(CREATE, { a: other.accountId, s: 'Private matter', b: 'Only for us.' })).createSupportRequest;
    await mine.client.ok(CREATE, { a: mine.accountId, s: 'Mine', b: 'Hello.' });

    const own = (await mine.client.ok(LIST, { a: mine.accountId })).supportRequests as Array<{ subject: string }>;
    expect(own.map((request) => request.subject)).toEqual(['Mine']);
    expect(errorCode(await mine.client.gql(LIST, { a: other.accountId }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await mine.client.gql(REPLY, { id: theirs.id, b: 'Let me in' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await mine.client.gql(CREATE, { a: other.accountId, s: 'x', b: 'y' }))).toBe('FORBIDDEN_ERROR');
    // Partners have no way into the staff inbox.
    expect(errorCode(await mine.client.gql(INBOX, {}))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await mine.client.gql(ONE, { id: theirs.id }))).toBe('FORBIDDEN_ERROR');
    const messages = await t.database.pool.query(`select body from support_messages where request_id = $1`, [theirs.id]);
    expect(messages.rows).toEqual([{ body: 'Only for us.' }]);
  });

  it('staff need supportRequest permissions; staff opening a partner account read its requests but answer from the inbox', async () => {
    const partner = await paidPartner('Staff Rules');
    const opened = (await partner.client.ok(CREATE, { a: partner.accountId, s: 'Question', b: 'Hi' })).createSupportRequest;
    const finance = (await signedInUser(t, { adminRole: 'FinanceAnalyst' })).client;
    expect(errorCode(await finance.gql(INBOX, {}))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await finance.gql(ANSWER, { id: opened.id, b: 'Hello' }))).toBe('FORBIDDEN_ERROR');
    // An admin role that views accounts reaches the partner's list, not the partner's reply as if a member.
    expect((await superAdmin.ok(LIST, { a: partner.accountId })).supportRequests).toHaveLength(1);
    const asMember = await superAdmin.gql(REPLY, { id: opened.id, b: 'Hello from staff' });
    expect(errorCode(asMember)).toBe('CONFLICT');
    expect(asMember.errors?.[0]?.message).toBe('Staff answer support requests from the support inbox, not as a member of the account.');
    expect(errorCode(await agent.client.gql(ONE, { id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
    expect(errorCode(await agent.client.gql(ANSWER, { id: 'not-a-uuid', b: 'x' }))).toBe('NOT_FOUND');
  });

  it('a Free organization is not offered support requests (spec §1); bad input is refused naming the field and writes nothing', async () => {
    const free = await accountWithMember(t, { name: 'Free Tier' });
    const refused = await free.client.gql(CREATE, { a: free.accountId, s: 'Help', b: 'Please' });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe('Support requests come with the Basic and Pro plans. Change the plan under Billing to open one.');

    const paid = await paidPartner('Careful Input');
    const blank = await paid.client.gql(CREATE, { a: paid.accountId, s: 'Subject', b: '   ' });
    expect(errorCode(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors?.[0]?.extensions?.fields).toEqual({ body: 'Write your message' });
    const long = await paid.client.gql(CREATE, { a: paid.accountId, s: 'x'.repeat(201), b: 'Fine' });
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ subject: 'At most 200 characters' });
    expect(await requestCount(free.accountId)).toBe(0);
    expect(await requestCount(paid.accountId)).toBe(0);
    expect(t.smtp.messages.filter((mail) => mail.subject.includes('Careful Input') || mail.subject.includes('Free Tier'))).toEqual([]);
  });
});

/** The policy's directives, each with its sources. */
async function policyOf(app: TestApp): Promise<Map<string, string[]>> {
  const header = (await fetch(`${app.baseUrl}/healthz`)).headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("Intercom's Messenger under the Content-Security-Policy", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('allows exactly the hosts Intercom documents, and its inline styles, only when INTERCOM_APP_ID is set; user_hash signs with INTERCOM_IDENTITY_SECRET', async () => {
    const policy = await policyOf(t);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        'wss://nexus-websocket-a.intercom.io',
        'wss://nexus-websocket-b.intercom.io',
        'wss://*.intercom-messenger.com',
        'https://api-iam.intercom.io',
      ]),
    );
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://intercom-sheets.com',
      'https://www.intercom-reporting.com',
      'https://www.youtube.com',
      'https://player.vimeo.com',
      'https://fast.wistia.net',
    ]);
    expect(policy.get('font-src')).toEqual(expect.arrayContaining(['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com']));
    expect(policy.get('media-src')).toEqual(["'self'", 'https://js.intercomcdn.com']);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://intercom.help', 'https://api-iam.intercom.io']);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(['blob:', 'https://static.intercomassets.com', 'https://*.intercom-attachments-9.com']));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);

    // The Messenger's user_hash: the user's id signed with Intercom's identity verification secret, on the server.
    const member = await paidPartner('Intercom Identity');
    const hash = await member.client.ok('query($a: ID!) { userHash(accountId: $a) { userHash } }', { a: member.accountId });
    expect(hash.userHash.userHash).toBe(crypto.createHmac('sha256', INTERCOM_IDENTITY_SECRET).update(member.userId).digest('hex'));

    // Unconfigured: no Intercom host, and style-src keeps to the app's own files.
    const unconfigured = await policyOf(plain);
    expect([...unconfigured.values()].flat().filter((source) => /intercom|youtube|vimeo|wistia/.test(source))).toEqual([]);
    expect(unconfigured.get('style-src')).toEqual(["'self'"]);
    expect(unconfigured.get('script-src')).toEqual(["'self'"]);
  });
});
