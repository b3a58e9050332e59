import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { SAMPLE_CURRENCIES_AND_AMOUNTS, SAMPLE_FEES_AND_RATES, SAMPLE_WALLET_ADDRESS } from '../../lib/sample-transaction.ts';
import { CRONTAB } from '../../jobs/worker.ts';

let t: TestApp;
let partner: Awaited<ReturnType<typeof accountWithMember>>;
const staff: Record<string, ApiClient> = {};

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', EDD_VOLUME_THRESHOLD_USD: '1000' }, { worker: true });
  partner = await accountWithMember(t, { name: 'Acme Pay', verified: true });
  for (const role of ['SupportAgentTier1', 'SupportAgentTier2', 'KycAnalyst', 'ComplianceManager', 'EddAnalyst', 'Admin'])
    staff[role] = (await signedInUser(t, { adminRole: role })).client;
});
afterAll(async () => {
  await t?.close();
});

async function customer(fields: { email: string; external: string; liveMode?: boolean; status?: string }) {
  const result = await t.database.pool.query<{ id: string }>(
    `insert into customers (account_id, live_mode, email, first_name, last_name, external_customer_id, country, kyc_level, identity_check_status)
     values ($1, $2, $3, 'Ada', 'Lovelace', $4, 'GB', 'Lite', $5) returning id`,
    [partner.accountId, fields.liveMode ?? false, fields.email, fields.external, fields.status ?? 'Pending'],
  );
  const id = result.rows[0]!.id;
  await t.database.pool.query(`insert into customer_files (customer_id, type, review_result) values ($1, 'passport', 'clear')`, [id]);
  return id;
}

const DETAIL = `query($id: ID!) { staffCustomer(id: $id) { id accountName email firstName lastName address { country } piiMasked files { type } identityCheck { level status } isDeleted externalCustomerId } }`;

describe('staff and customers', () => {
  it('find any partner’s customer by e-mail or external id; personal data only with customer:viewPii', async () => {
    const id = await customer({ email: 'ada.find@example.com', external: 'find-ext-1' });
    const search = `query($q: String) { staffCustomers(searchString: $q) { hasMore items { id email } } }`;
    const byEmail = await staff.SupportAgentTier1!.ok(search, { q: 'ADA.FIND@' });
    expect(byEmail.staffCustomers.items).toEqual([{ id, email: 'a•••@example.com' }]);
    expect((await staff.SupportAgentTier1!.ok(search, { q: 'find-ext' })).staffCustomers.items.map((c: { id: string }) => c.id)).toEqual([id]);

    const masked = await staff.SupportAgentTier1!.ok(DETAIL, { id });
    expect(masked.staffCustomer).toMatchObject({ accountName: 'Acme Pay', email: 'a•••@example.com', firstName: 'A•••', lastName: 'L•••' });
    expect(masked.staffCustomer).toMatchObject({ address: null, files: [], piiMasked: true });
    const full = await staff.EddAnalyst!.ok(DETAIL, { id });
    expect(full.staffCustomer).toMatchObject({
      email: 'ada.find@example.com',
      lastName: 'Lovelace',
      address: { country: 'GB' },
      files: [{ type: 'passport' }],
    });
    expect(full.staffCustomer.piiMasked).toBe(false);

    expect(errorCode(await partner.client.gql(DETAIL, { id }))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await staff.SupportAgentTier1!.gql(DETAIL, { id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });

  it('edit a customer with customer:edit, the audit trail keeping before and after; bad input changes nothing', async () => {
    const id = await customer({ email: 'ada.edit@example.com', external: 'edit-ext-1' });
    const edit = `mutation($id: ID!, $input: StaffCustomerInput!) { updateStaffCustomer(id: $id, input: $input) { id email piiMasked } }`;
    expect(errorCode(await staff.SupportAgentTier1!.gql(edit, { id, input: { firstName: 'Grace' } }))).toBe('FORBIDDEN_ERROR');
    const refused = await staff.SupportAgentTier2!.gql(edit, { id, input: { email: 'not-an-address', country: 'ZZ' } });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(refused.errors)).toContain('Enter a valid e-mail address');

    const edited = await staff.SupportAgentTier2!.ok(edit, { id, input: { email: 'grace@example.com', lastName: 'Hopper', country: 'us' } });
    // Tier 2 may edit but not read personal data: the answer is masked too.
    expect(edited.updateStaffCustomer).toEqual({ id, email: 'g•••@example.com', piiMasked: true });
    const row = await t.database.pool.query(`select email, first_name, last_name, country from customers where id = $1`, [id]);
    expect(row.rows[0]).toEqual({ email: 'grace@example.com', first_name: 'Ada', last_name: 'Hopper', country: 'US' });
    const audit = await t.database.pool.query<{ changes: { _subject: { before: unknown; after: unknown } }; actor_role: string }>(
      `select changes, actor_role from audit_events where operation = 'updateStaffCustomer' and outcome = 'success' and changes->>'id' = $1`,
      [id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.actor_role).toBe('SupportAgentTier2');
    expect(audit.rows[0]!.changes._subject.before).toEqual({ email: 'ada.edit@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'GB' });
    expect(audit.rows[0]!.changes._subject.after).toEqual({ email: 'grace@example.com', firstName: 'Ada', lastName: 'Hopper', country: 'US' });
  });

  it('decide or reset an identity check with a reason; the customer’s level follows and partners hear of it', async () => {
    const id = await customer({ email: 'ada.kyc@example.com', external: 'kyc-ext-1' });
    const approve = `mutation($id: ID!, $r: String!) { approveIdentityCheck(id: $id, reason: $r) { identityCheck { level status } } }`;
    const reset = `mutation($id: ID!, $r: String!) { resetIdentityCheck(id: $id, reason: $r) { identityCheck { level status } } }`;
    expect(errorCode(await staff.KycAnalyst!.gql(approve, { id, r: '' }))).toBe('BAD_USER_INPUT');
    expect((await staff.KycAnalyst!.ok(approve, { id, r: 'Documents match' })).approveIdentityCheck.identityCheck).toEqual({ level: 'Full', status: 'Clear' });
    expect(errorCode(await staff.KycAnalyst!.gql(approve, { id, r: 'Again' }))).toBe('CONFLICT');
    // Resetting needs kyc:reset, which a KYC analyst does not have.
    expect(errorCode(await staff.KycAnalyst!.gql(reset, { id, r: 'Expired document' }))).toBe('FORBIDDEN_ERROR');
    expect((await staff.ComplianceManager!.ok(reset, { id, r: 'Expired document' })).resetIdentityCheck.identityCheck).toEqual({
      level: 'Basic',
      status: 'Reset',
    });
    const rejected = await staff.KycAnalyst!.ok(`mutation($id: ID!) { rejectIdentityCheck(id: $id, reason: "Forged document") { identityCheck { status } } }`, {
      id,
    });
    expect(rejected.rejectIdentityCheck.identityCheck.status).toBe('Rejected');
    const events = await t.database.pool.query<{ status: string }>(
      `select data->>'status' as status from webhook_events where type = 'identity_check_updated' and data->>'customerId' = $1 order by created_at`,
      [id],
    );
    expect(events.rows.map((row) => row.status)).toEqual(['Clear', 'Reset', 'Rejected']);
    const audit = await t.database.pool.query<{ operation: string; reason: string }>(
      `select operation, changes->>'reason' as reason from audit_events where changes->>'id' = $1 and outcome = 'success' order by occurred_at`,
      [id],
    );
    expect(audit.rows).toEqual([
      { operation: 'approveIdentityCheck', reason: 'Documents match' },
      { operation: 'resetIdentityCheck', reason: 'Expired document' },
      { operation: 'rejectIdentityCheck', reason: 'Forged document' },
    ]);
  });

  it('delete a customer on request: transactions stay under a tombstone, and /v1 and webhooks no longer carry personal data', async () => {
    const keys = await partner.client.ok(`query($a: ID!) { apiKeys(accountId: $a, liveMode: false) { type secret } }`, { a: partner.accountId });
    const secret = keys.apiKeys.find((key: { type: string }) => key.type === 'secret').secret as string;
    const get = async (path: string) => {
      const response = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Api-Key ${secret}` } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data?: Array<Record<string, unknown>> } };
    };
    const receiver = await startWebhookReceiver();
    const { createWebhook: webhook } = await partner.client.ok(
      `mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id } }`,
      { a: partner.accountId, u: receiver.url },
    );
    const id = await customer({ email: 'ada.delete@example.com', external: 'delete-ext-1' });
    const sale = await t.app.services.transactions.createTransaction({
      kind: 'sell',
      accountId: partner.accountId,
      liveMode: false,
      ...SAMPLE_CURRENCIES_AND_AMOUNTS,
      ...SAMPLE_FEES_AND_RATES,
      customerId: id,
      externalCustomerId: 'delete-ext-1',
      walletAddress: SAMPLE_WALLET_ADDRESS,
      userAgent: 'Mozilla/5.0 (Ada’s laptop)',
    });
    expect((await get(`/v1/customers/${id}`)).body).toMatchObject({ email: 'ada.delete@example.com', externalCustomerId: 'delete-ext-1' });

    const remove = `mutation($id: ID!) { deleteCustomer(id: $id, reason: "Erasure requested by the customer") { isDeleted externalCustomerId email } }`;
    expect(errorCode(await staff.ComplianceManager!.gql(remove, { id }))).toBe('FORBIDDEN_ERROR');
    const tombstone = `deleted-customer-${id}`;
    expect((await staff.Admin!.ok(remove, { id })).deleteCustomer).toEqual({ isDeleted: true, externalCustomerId: tombstone, email: null });
    expect(errorCode(await staff.Admin!.gql(remove, { id }))).toBe('CONFLICT');

    const read = await get(`/v1/customers/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ isDeleted: true, email: null, firstName: null, lastName: null, country: null, externalCustomerId: tombstone });
    expect(JSON.stringify(read.body)).not.toMatch(/ada|delete-ext-1|Lovelace/i);
    expect((await get(`/v1/customers?externalCustomerId=delete-ext-1`)).status).toBe(404);
    const listed = await get(`/v1/transactions?type=sell`);
    const kept = listed.body.data!.find((row) => row.id === sale.id)!;
    expect(kept).toMatchObject({ customerId: id, externalCustomerId: tombstone, userAgent: null });
    expect((await get(`/v1/transactions?type=sell&externalCustomerId=delete-ext-1`)).body.data).toEqual([]);

    // The partner's delivery log, a resent delivery and every new event carry the tombstone, not the old id.
    await receiver.waitFor((all) => all.some((hook) => hook.body.type === 'sell_transaction_created'));
    const deliveries = `query($id: ID!) { webhookDeliveries(id: $id) { items { id eventType payload } } }`;
    const log = (await partner.client.ok(deliveries, { id: webhook.id })).webhookDeliveries.items as Array<{ id: string; eventType: string; payload: string }>;
    const created = log.find((delivery) => delivery.eventType === 'sell_transaction_created' && delivery.payload.includes(sale.id))!;
    expect(created.payload).toContain(tombstone);
    expect(created.payload).not.toContain('delete-ext-1');
    const deletedAt = Date.now();
    await partner.client.ok(`mutation($id: ID!) { resendWebhookDelivery(id: $id) { id } }`, { id: created.id });
    await staff.Admin!.ok(`mutation($id: ID!) { cancelSellTransaction(id: $id, reason: "Customer left") { id } }`, { id: sale.id });
    const afterDeletion = () => receiver.received.filter((hook) => hook.at >= deletedAt && hook.rawBody.includes(sale.id));
    await receiver.waitFor(() => afterDeletion().length >= 2);
    for (const hook of afterDeletion()) {
      expect(hook.body.data.externalCustomerId).toBe(tombstone);
      expect(hook.rawBody).not.toContain('delete-ext-1');
      expect(hook.rawBody).not.toContain('Ada’s laptop');
    }
    await receiver.close();
  });

  it('an EDD queue: flagged customers oldest first, noted, decided with a reason and audited', async () => {
    const first = await customer({ email: 'edd.one@example.com', external: 'edd-ext-1' });
    const second = await customer({ email: 'edd.two@example.com', external: 'edd-ext-2' });
    const flag = `mutation($c: ID!, $r: String!) { flagCustomerForEdd(customerId: $c, reason: $r) { id status } }`;
    const one = (await staff.EddAnalyst!.ok(flag, { c: first, r: 'Volume over 10,000 USD in a week' })).flagCustomerForEdd;
    const two = (await staff.EddAnalyst!.ok(flag, { c: second, r: 'Source of funds unclear' })).flagCustomerForEdd;
    expect(errorCode(await staff.EddAnalyst!.gql(flag, { c: first, r: 'Twice' }))).toBe('CONFLICT');
    expect(errorCode(await staff.SupportAgentTier2!.gql(flag, { c: first, r: 'Not mine to flag' }))).toBe('FORBIDDEN_ERROR');

    const queue = `{ eddReviews { pendingCount items { id flagReason flaggedByName customer { id email } } } }`;
    const listed = (await staff.EddAnalyst!.ok(queue)).eddReviews;
    expect(listed.items.map((item: { id: string }) => item.id)).toEqual([one.id, two.id]);
    expect(listed.items[0].customer).toEqual({ id: first, email: 'edd.one@example.com' });
    expect(errorCode(await staff.SupportAgentTier2!.gql(queue))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await partner.client.gql(queue))).toBe('FORBIDDEN_ERROR');

    const noted = await staff.EddAnalyst!.ok(`mutation($id: ID!) { addEddNote(id: $id, note: "Asked for bank statements") { notes { text byName } } }`, {
      id: one.id,
    });
    expect(noted.addEddNote.notes).toEqual([{ text: 'Asked for bank statements', byName: 'Test Member' }]);
    const approve = `mutation($id: ID!, $r: String!) { approveEddReview(id: $id, reason: $r) { status decisionReason decidedByName } }`;
    expect(errorCode(await staff.EddAnalyst!.gql(approve, { id: one.id, r: '' }))).toBe('BAD_USER_INPUT');
    expect((await staff.EddAnalyst!.ok(approve, { id: one.id, r: 'Statements explain the volume' })).approveEddReview).toEqual({
      status: 'Approved',
      decisionReason: 'Statements explain the volume',
      decidedByName: 'Test Member',
    });
    expect(errorCode(await staff.EddAnalyst!.gql(approve, { id: one.id, r: 'Again' }))).toBe('CONFLICT');
    await staff.EddAnalyst!.ok(`mutation($id: ID!) { rejectEddReview(id: $id, reason: "No answer") { status } }`, { id: two.id });
    expect((await staff.EddAnalyst!.ok(queue)).eddReviews.items.filter((item: { id: string }) => [one.id, two.id].includes(item.id))).toEqual([]);
    const audit = await t.database.pool.query<{ operation: string }>(
      `select operation from audit_events where outcome = 'success' and changes->>'id' = any($1) order by occurred_at`,
      [[one.id, two.id]],
    );
    expect(audit.rows.map((row) => row.operation)).toEqual(['addEddNote', 'approveEddReview', 'rejectEddReview']);
  });

  it('the daily scan puts live customers whose 30-day volume crossed the threshold in the queue, once', async () => {
    const over = await customer({ email: 'edd.volume@example.com', external: 'edd-volume-1', liveMode: true });
    const under = await customer({ email: 'edd.small@example.com', external: 'edd-volume-2', liveMode: true });
    const buy = (customerId: string, amount: string, daysAgo = 1) =>
      t.database.pool.query(
        `insert into transactions (account_id, live_mode, kind, status, customer_id, base_currency_code, quote_currency_code, fiat_currency_code, amount, base_currency_amount, usd_rate, eur_rate, gbp_rate, created_at)
         values ($1, true, 'buy', 'completed', $2, 'eur', 'eth', 'eur', $3, $3, '1.08', '1', '0.86', now() - make_interval(days => $4))`,
        [partner.accountId, customerId, amount, daysAgo],
      );
    // 1,296 USD in the window for the first; the second's 648 USD in the window stays under, its older 700 EUR is out of it.
    await buy(over, '600.00');
    await buy(over, '600.00');
    await buy(under, '600.00');
    await buy(under, '700.00', 40);

    expect(CRONTAB).toMatch(/^\S+ \S+ \S+ \S+ \S+ edd_volume_scan/m);
    await t.app.services.customerAdmin.flagByVolume();
    await t.app.services.customerAdmin.flagByVolume();
    const reviews = await t.database.pool.query<{ id: string; customer_id: string; flag_reason: string; flagged_by: string | null }>(
      `select id, customer_id, flag_reason, flagged_by from edd_reviews where customer_id = any($1)`,
      [[over, under]],
    );
    expect(reviews.rows.map(({ id: _id, ...review }) => review)).toEqual([
      { customer_id: over, flag_reason: 'Completed volume of 1296.00 USD in 30 days, over the threshold of 1000 USD', flagged_by: null },
    ]);
    // The queue may hold other live customers of the database (the demo's); this one is in it, flagged by the scan.
    const queued = await staff.EddAnalyst!.ok(`query($id: ID!) { eddReview(id: $id) { status flaggedByName customer { id } } }`, { id: reviews.rows[0]!.id });
    expect(queued.eddReview).toEqual({ status: 'Pending', flaggedByName: null, customer: { id: over } });
  });
});
