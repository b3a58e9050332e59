import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }, { worker: true });
});
afterAll(async () => {
  await t.close();
});

const KEYS = 'query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { type secret } }';
const WEBHOOK = `mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`;
const STATUS = (operation: string) => `mutation($a: ID!, $r: String!) { ${operation}(accountId: $a, reason: $r) { id status } }`;
const ORGANIZATION = `query($id: ID!) { staffOrganization(id: $id) {
  organization { id name }
  kybStatus kybLevel
  accounts { account { id name status memberships { role user { email } } } statusHistory { status previousStatus reason changedBy changedByRole } }
} }`;
const BUY = { cryptoCurrencyCode: 'eth', fiatCurrencyCode: 'usd', amount: '100', paymentMethod: 'creditCard', country: 'US' };
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

async function partner(options: { verified?: boolean } = {}) {
  const member = await accountWithMember(t, { name: 'Closing Shop', verified: options.verified ?? false });
  const keys = async (liveMode: boolean) =>
    (await member.client.ok(KEYS, { a: member.accountId, l: liveMode })).apiKeys as Array<{ type: string; secret: string }>;
  const test = await keys(false);
  const live = options.verified ? await keys(true) : [];
  const of = (list: typeof test, type: string) => list.find((key) => key.type === type)?.secret ?? '';
  return { ...member, sk: of(test, 'secret'), pk: of(test, 'publishable'), liveSk: of(live, 'secret') };
}

const v1 = async (key: string) => {
  const response = await fetch(`${t.baseUrl}/v1/transactions`, { headers: { authorization: `Api-Key ${key}` } });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
};
const widgetPage = (pk: string) => fetch(`${t.baseUrl}/widget/buy?apiKey=${pk}`);
async function widgetApi(token: string, path: string, body: unknown) {
  const response = await fetch(`${t.baseUrl}/widget-api${path}`, {
    method: 'POST',
    headers: { authorization: `Widget ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: { type: string; message: string }; transaction?: { id: string } } };
}
const deliveriesOf = async (eventId: string) =>
  (await t.database.pool.query<{ status: string }>(`select status from webhook_deliveries where event_id = $1`, [eventId])).rows.map((row) => row.status);

describe('account status, set by staff', () => {
  it('closing an account stops its /v1 keys, its widget and its webhooks, with a reason in the audit trail; its members see the status', async () => {
    const p = await partner();
    // Its endpoint fails the first event, which then waits for a retry; the others are answered.
    const receiver = await startWebhookReceiver((request) => ({ status: request.body.data.n === 'before' ? 500 : 200 }));
    await p.client.ok(WEBHOOK, { a: p.accountId, u: receiver.url });
    const admin = await signedInUser(t, { adminRole: 'Admin' });

    // Before: everything works.
    expect((await v1(p.sk)).status).toBe(200);
    const page = await widgetPage(p.pk);
    expect(page.status).toBe(200);
    const token = /"sessionToken":"([^"]+)"/.exec(await page.text())![1]!;
    const waiting = await emitWebhookEvent(t.database.db, { accountId: p.accountId, liveMode: false, type: 'transaction_updated', data: { n: 'before' } });
    await receiver.waitFor((all) => all.some((hook) => hook.body.data.n === 'before'));
    await expect
      .poll(async () => (await t.database.pool.query(`select attempt_count from webhook_deliveries where event_id = $1`, [waiting])).rows[0]?.attempt_count)
      .toBe(1);
    expect(await deliveriesOf(waiting)).toEqual(['pending']);

    // A reason is required.
    const noReason = await admin.client.gql(STATUS('closeAccount'), { a: p.accountId, r: '  ' });
    expect(errorCode(noReason)).toBe('BAD_USER_INPUT');
    const closed = await admin.client.ok(STATUS('closeAccount'), { a: p.accountId, r: 'Fraud ring confirmed by compliance' });
    expect(closed.closeAccount.status).toBe('Closed');
    expect(errorCode(await admin.client.gql(STATUS('closeAccount'), { a: p.accountId, r: 'again' }))).toBe('CONFLICT');

    // /v1: the key is refused with a code saying why.
    const refused = await v1(p.sk);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('account_closed');
    expect(refused.body.error?.message).toMatch(/closed/);
    // The widget: the page does not start, and a session opened before starts no transaction.
    const closedPage = await widgetPage(p.pk);
    expect(closedPage.status).toBe(403);
    expect(await closedPage.text()).toContain('not active');
    const started = await widgetApi(token, '/transactions', { ...BUY, email: 'c@example.com', walletAddress: WALLET });
    expect(started.status).toBe(403);
    expect(started.body.error?.type).toBe('account_closed');
    // Webhooks: what waited for a retry is given up; a new event is kept but queues no delivery.
    expect(await deliveriesOf(waiting)).toEqual(['abandoned']);
    const after = await emitWebhookEvent(t.database.db, { accountId: p.accountId, liveMode: false, type: 'transaction_updated', data: { n: 'after' } });
    expect(await deliveriesOf(after)).toEqual([]);
    expect(receiver.received.map((hook) => hook.body.data.n)).toEqual(['before']);
    await receiver.close();

    // Its members see the status; the partner cannot change it.
    expect((await p.client.ok('query($a: ID!) { account(id: $a) { status } }', { a: p.accountId })).account.status).toBe('Closed');
    expect(errorCode(await p.client.gql(STATUS('enableAccount'), { a: p.accountId, r: 'We want it back' }))).toBe('FORBIDDEN_ERROR');

    // The audit trail keeps who, the reason and the status before and after; the organization's page reads it back.
    const view = (await admin.client.ok(ORGANIZATION, { id: p.organizationId })).staffOrganization;
    expect(view.accounts[0].statusHistory).toEqual([
      { status: 'Closed', previousStatus: 'Active', reason: 'Fraud ring confirmed by compliance', changedBy: admin.email, changedByRole: 'Admin' },
    ]);
    const trail = await admin.client.ok('{ auditEvents(operation: "closeAccount", outcome: success) { items { summary } } }');
    expect(trail.auditEvents.items.map((item: { summary: string }) => item.summary)).toContain(
      'Closed Closing Shop (was Active): “Fraud ring confirmed by compliance”',
    );
  });

  it('dormant stops live traffic only; each status needs its own permission, and enabling restores it', async () => {
    const p = await partner({ verified: true });
    const compliance = await signedInUser(t, { adminRole: 'ComplianceManager' });
    const onboarding = await signedInUser(t, { adminRole: 'PartnerOnboarding' });
    const support = await signedInUser(t, { adminRole: 'SupportAgentTier1' });

    // SupportAgentTier1 may view, not change; ComplianceManager may make it dormant, not close it.
    expect((await support.client.ok(ORGANIZATION, { id: p.organizationId })).staffOrganization.accounts[0].account.status).toBe('Active');
    for (const operation of ['enableAccount', 'disableAccount', 'closeAccount'])
      expect(errorCode(await support.client.gql(STATUS(operation), { a: p.accountId, r: 'Looks odd' }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await compliance.client.gql(STATUS('closeAccount'), { a: p.accountId, r: 'Looks odd' }))).toBe('FORBIDDEN_ERROR');

    await compliance.client.ok(STATUS('disableAccount'), { a: p.accountId, r: 'No live volume for a year' });
    const live = await v1(p.liveSk);
    expect(live.status).toBe(403);
    expect(live.body.error?.code).toBe('account_dormant');
    expect((await v1(p.sk)).status).toBe(200);
    expect((await widgetPage(p.pk)).status).toBe(200);

    await onboarding.client.ok(STATUS('enableAccount'), { a: p.accountId, r: 'Partner relaunching' });
    expect((await v1(p.liveSk)).status).toBe(200);
    const history = (await onboarding.client.ok(ORGANIZATION, { id: p.organizationId })).staffOrganization.accounts[0].statusHistory;
    expect(history.map((change: { status: string; previousStatus: string; reason: string }) => [change.status, change.previousStatus, change.reason])).toEqual([
      ['Active', 'Dormant', 'Partner relaunching'],
      ['Dormant', 'Active', 'No live volume for a year'],
    ]);
  });
});

describe('organizations, run by staff', () => {
  it('staff edit an account’s names and KYB levels and an organization’s name; a viewer cannot', async () => {
    const p = await partner();
    const manager = await signedInUser(t, { adminRole: 'AccountManager' });
    const support = await signedInUser(t, { adminRole: 'SupportAgentTier1' });
    const EDIT = `mutation($a: ID!, $i: PartnerAccountInput!) { updatePartnerAccount(accountId: $a, input: $i) {
      name internalName whiteGloveInformation { requiresEnhancedKyb } kybInformation { kybLevelRequiredToGoLive manuallyRequestedKybLevel isEnhancedKybRequired } } }`;
    const input = {
      name: 'Renamed Shop',
      internalName: 'ACME-EU-01',
      requiresEnhancedKyb: false,
      kybLevelRequiredToGoLive: 'Basic',
      manuallyRequestedKybLevel: 'Enhanced',
    };
    expect(errorCode(await support.client.gql(EDIT, { a: p.accountId, i: input }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await manager.client.gql(EDIT, { a: p.accountId, i: { ...input, name: ' ' } }))).toBe('BAD_USER_INPUT');
    expect((await manager.client.ok(EDIT, { a: p.accountId, i: input })).updatePartnerAccount).toEqual({
      name: 'Renamed Shop',
      internalName: 'ACME-EU-01',
      whiteGloveInformation: { requiresEnhancedKyb: false },
      kybInformation: { kybLevelRequiredToGoLive: 'Basic', manuallyRequestedKybLevel: 'Enhanced', isEnhancedKybRequired: true },
    });
    // The KYB review now asks the organization for the Enhanced level.
    expect((await manager.client.ok(ORGANIZATION, { id: p.organizationId })).staffOrganization.kybLevel).toBe('Enhanced');
    const renamed = await manager.client.ok(
      'mutation($id: ID!) { updatePartnerOrganization(id: $id, name: "Renamed Ltd", publicName: "Renamed") { name publicName } }',
      {
        id: p.organizationId,
      },
    );
    expect(renamed.updatePartnerOrganization).toEqual({ name: 'Renamed Ltd', publicName: 'Renamed' });
    // The audit trail keeps each change as before → after.
    const admin = await signedInUser(t, { adminRole: 'Admin' });
    const summaries = async (operation: string) =>
      (
        await admin.client.ok('query($o: String, $e: String) { auditEvents(operation: $o, actorEmail: $e, outcome: success) { items { summary } } }', {
          o: operation,
          e: manager.email,
        })
      ).auditEvents.items.map((item: { summary: string }) => item.summary);
    expect(await summaries('updatePartnerAccount')).toEqual([
      'Edited the account Renamed Shop: name Closing Shop → Renamed Shop, internalName none → ACME-EU-01, manuallyRequestedKybLevel none → Enhanced',
    ]);
    expect(await summaries('updatePartnerOrganization')).toEqual([
      'Edited the organization Renamed Ltd: name Closing Shop Ltd → Renamed Ltd, publicName none → Renamed',
    ]);
  });

  it('staff create an organization and account on a partner’s behalf and invite its first administrator', async () => {
    const onboarding = await signedInUser(t, { adminRole: 'PartnerOnboarding' });
    const sales = await signedInUser(t, { adminRole: 'SalesManager' });
    const CREATE = `mutation($i: PartnerOrganizationInput!) { createPartnerOrganization(input: $i) {
      organization { id name } accounts { account { id name internalName isSelfService status memberships { role hasAcceptedInvite user { email } } } } } }`;
    const email = `first-admin-${Date.now()}@example.com`;
    const input = { organizationName: 'White Glove GmbH', accountName: 'White Glove', internalName: 'WG-1', country: 'DE', administratorEmail: email };
    expect(errorCode(await sales.client.gql(CREATE, { i: input }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await onboarding.client.gql(CREATE, { i: { ...input, country: 'XX' } }))).toBe('BAD_USER_INPUT');
    const created = (await onboarding.client.ok(CREATE, { i: input })).createPartnerOrganization;
    expect(created.organization.name).toBe('White Glove GmbH');
    expect(created.accounts).toEqual([
      {
        account: {
          id: expect.any(String),
          name: 'White Glove',
          internalName: 'WG-1',
          isSelfService: false,
          status: 'Active',
          memberships: [{ role: 'administrator', hasAcceptedInvite: false, user: { email } }],
        },
      },
    ]);
    // The team's own invitation: the link opens an administrator invitation to the new account.
    const mail = await t.smtp.waitFor(email, /invited to White Glove/);
    const inviteToken = /inviteToken=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const invite = await t.client().ok('query($t: String!) { membershipInvite(inviteToken: $t) { role accountName organizationName } }', { t: inviteToken });
    expect(invite.membershipInvite).toEqual({ role: 'administrator', accountName: 'White Glove', organizationName: 'White Glove GmbH' });
  });
});
