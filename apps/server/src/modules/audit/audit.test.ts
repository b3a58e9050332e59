import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.ts';
import { parseCsv } from '@rampart/shared/csv';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  // A real PostgreSQL refusal of the audit write: success rows whose arguments carry the marker cannot be inserted.
  await t.database.pool.query(`
    create or replace function test_refuse_marked_audit() returns trigger language plpgsql as $$
    begin
      if new.outcome = 'success' and strpos(new.changes::text, 'refuse-audit') > 0 then
        raise exception 'audit write refused by the test';
      end if;
      return new;
    end $$`);
  await t.database.pool.query(`create trigger test_refuse_marked_audit before insert on audit_events for each row execute function test_refuse_marked_audit()`);
});
afterAll(async () => {
  await t.database.pool.query(`drop trigger if exists test_refuse_marked_audit on audit_events`);
  await t.database.pool.query(`drop function if exists test_refuse_marked_audit()`);
  await t.close();
});

const CREATE_WEBHOOK = `mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`;
const UPDATE_WEBHOOK = `mutation($id: ID!, $u: String, $d: String) { updateWebhook(id: $id, url: $u, description: $d) { id url description } }`;

async function webhookOf(id: string) {
  return (await t.database.pool.query<{ url: string; description: string | null }>(`select url, description from webhooks where id = $1`, [id])).rows[0]!;
}

async function auditRows(operation: string, marker: string) {
  const result = await t.database.pool.query<{ outcome: string; error_code: string | null }>(
    `select outcome, error_code from audit_events where operation = $1 and strpos(changes::text, $2) > 0 order by occurred_at`,
    [operation, marker],
  );
  return result.rows;
}

describe('a mutation and its audit record', () => {
  it('rolls the change back when its audit row cannot be written, then records the failure; a written one commits with it', async () => {
    const member = await accountWithMember(t);
    const webhook = (await member.client.ok(CREATE_WEBHOOK, { a: member.accountId, u: 'http://127.0.0.1:9/hooks' })).createWebhook;

    const refused = await member.client.gql(UPDATE_WEBHOOK, { id: webhook.id, d: 'refuse-audit' });
    expect(errorCode(refused)).toBe('INTERNAL_SERVER_ERROR');
    expect((await webhookOf(webhook.id)).description).toBeNull();
    expect(await auditRows('updateWebhook', 'refuse-audit')).toEqual([{ outcome: 'failure', error_code: 'INTERNAL_SERVER_ERROR' }]);

    const accepted = await member.client.ok(UPDATE_WEBHOOK, { id: webhook.id, d: 'audited change' });
    expect(accepted.updateWebhook.description).toBe('audited change');
    expect((await webhookOf(webhook.id)).description).toBe('audited change');
    expect(await auditRows('updateWebhook', 'audited change')).toEqual([{ outcome: 'success', error_code: null }]);
  });

  it('leaves a webhook unchanged when an argument with a NUL byte cannot be audited (issue 10)', async () => {
    const member = await accountWithMember(t);
    const webhook = (await member.client.ok(CREATE_WEBHOOK, { a: member.accountId, u: 'http://127.0.0.1:9/hooks' })).createWebhook;

    const result = await member.client.gql(UPDATE_WEBHOOK, { id: webhook.id, u: 'http://127.0.0.1:9/a\u0000' });
    expect(result.errors?.length).toBeGreaterThan(0);
    expect(await webhookOf(webhook.id)).toEqual({ url: 'http://127.0.0.1:9/hooks', description: null });
    const successes = await t.database.pool.query(`select 1 from audit_events where operation = 'updateWebhook' and outcome = 'success' and account_id = $1`, [
      member.accountId,
    ]);
    expect(successes.rowCount).toBe(0);
  });

  it('sends no invitation e-mail for an invitation rolled back with its audit row, and sends it once committed', async () => {
    const member = await accountWithMember(t);
    const INVITE = 'mutation($e: String!, $a: ID!) { createMembership(email: $e, accountId: $a, role: developer) { id } }';

    const refusedEmail = uniqueEmail('refuse-audit');
    const refused = await member.client.gql(INVITE, { e: refusedEmail, a: member.accountId });
    expect(errorCode(refused)).toBe('INTERNAL_SERVER_ERROR');
    // The e-mail would have been sent before the answer: the mailer call is awaited either way.
    expect(t.smtp.countTo(refusedEmail)).toBe(0);
    const invited = await t.database.pool.query(`select 1 from memberships m join users u on u.id = m.user_id where u.email = $1`, [refusedEmail]);
    expect(invited.rowCount).toBe(0);

    const acceptedEmail = uniqueEmail('invitee');
    await member.client.ok(INVITE, { e: acceptedEmail, a: member.accountId });
    expect(t.smtp.countTo(acceptedEmail)).toBe(1);
    expect(await auditRows('createMembership', acceptedEmail)).toEqual([{ outcome: 'success', error_code: null }]);
  });
});

describe('the staff audit export (CSV)', () => {
  const get = (client: { cookie: string | null; csrfToken: string } | null, params: Record<string, string>) =>
    fetch(`${t.baseUrl}/exports/audit-events.csv?${new URLSearchParams(params).toString()}`, {
      headers: client ? { cookie: client.cookie!, 'x-csrf-token': client.csrfToken } : {},
    });

  it('streams the filtered trail page by page, quoting and neutralising formulas, for staff holding auditTrail:export only', async () => {
    const accountId = crypto.randomUUID();
    // 1,001 failures (three pages of the export) and one success the outcome filter leaves out.
    await t.database.pool.query(
      `insert into audit_events (occurred_at, actor_email, actor_role, account_id, operation, kind, outcome, error_code, changes)
       select now() - n * interval '1 second', 'ana@example.com', 'administrator', $1, 'renameApiKey', 'mutation', 'failure', 'CONFLICT', '{}'::jsonb
       from generate_series(1, 1001) n`,
      [accountId],
    );
    await t.database.pool.query(
      `insert into audit_events (account_id, actor_email, operation, kind, outcome, changes) values ($1, 'ana@example.com', 'deleteApiKey', 'mutation', 'success', '{}')`,
      [accountId],
    );
    await t.database.pool.query(
      `insert into audit_events (occurred_at, actor_email, account_id, operation, kind, outcome, error_code, changes)
       values (now() + interval '1 minute', '=HYPERLINK("http://evil.example")', $1, 'renameApiKey', 'mutation', 'failure', '@SUM(1)', $2)`,
      [accountId, JSON.stringify({ name: 'Line one\nsays "hi", twice' })],
    );
    const auditor = await signedInUser(t, { adminRole: 'Auditor' });

    const response = await get(auditor.client, { accountId, outcome: 'failure' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await response.text());
    const [header, first, ...rest] = rows;
    expect(header).toEqual([
      'occurred_at',
      'actor_email',
      'actor_role',
      'via_staff',
      'via_command_line',
      'account_id',
      'operation',
      'summary',
      'kind',
      'outcome',
      'error_code',
      'changes',
      'ip_address',
      'request_id',
    ]);
    expect(first).toEqual([
      expect.any(String),
      `'=HYPERLINK("http://evil.example")`,
      '',
      'false',
      'false',
      accountId,
      'renameApiKey',
      'Renamed the key “Line one\nsays "hi", twice” to “Line one\nsays "hi", twice”',
      'mutation',
      'failure',
      "'@SUM(1)",
      '{"name":"Line one\\nsays \\"hi\\", twice"}',
      '',
      '',
    ]);
    expect(rest).toHaveLength(1001);
    expect(rest.every((row) => row[9] === 'failure' && row[5] === accountId)).toBe(true);
    const times = rest.map((row) => Date.parse(row[0]!));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const exported = await t.database.pool.query(
      `select actor_role, changes from audit_events where operation = 'exportAuditEventsCsv' and actor_user_id = $1`,
      [auditor.userId],
    );
    expect(exported.rows).toEqual([{ actor_role: 'Auditor', changes: expect.objectContaining({ accountId, outcome: 'failure' }) }]);
  });

  it('refuses a partner, staff who may only view the trail, the signed out and bad filters', async () => {
    const partner = await accountWithMember(t);
    const viewer = await signedInUser(t, { adminRole: 'ComplianceManager' }); // auditTrail:view, not :export
    const auditor = await signedInUser(t, { adminRole: 'Auditor' });
    expect((await get(null, {})).status).toBe(401);
    expect((await get(partner.client, { accountId: partner.accountId })).status).toBe(403);
    expect((await get(viewer.client, {})).status).toBe(403);
    const bad = await get(auditor.client, { from: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_USER_INPUT', fields: { from: expect.any(String) } } }] });
    expect((await get(auditor.client, { accountId: 'nope' })).status).toBe(400);
    expect((await get(auditor.client, { outcome: 'maybe' })).status).toBe(400);
  });
});
