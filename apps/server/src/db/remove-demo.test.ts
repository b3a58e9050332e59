import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMember, sessionFor, signedInUser } from '../../test/accounts-helper.ts';
import { errorCode, type ApiClient, type TestApp } from '../../test/harness.ts';
import { startIsolatedTestApp } from '../../test/isolated-database.ts';
import { createFileStorage, type FileStorage } from '../lib/file-storage.ts';
import { generateTransactions } from '../modules/transactions/generator.ts';
import { seedDemoTransactions } from '../modules/transactions/demo-seed.ts';
import { describeRemoval, removeDemo } from './remove-demo.ts';
import { DEMO_LOGIN, seedDemo } from './seed-demo.ts';

// Issue 32: the demo seed marks what it makes up, the API and the web app say so, and `--remove-demo` removes all of
// it and nothing else. A database of its own: the removal takes every demo organization of the database it runs on.

let t: TestApp;
let dataDir: string;
let storage: FileStorage;
let demo: { client: ApiClient; userId: string; accountIds: string[]; organizationId: string };
let partner: Awaited<ReturnType<typeof accountWithMember>>;
let staff: Awaited<ReturnType<typeof signedInUser>>;
const files: { demo: string; partner: string } = { demo: '', partner: '' };

const ACCOUNT = `query($id: ID!) { account(id: $id) { id isDemo organization { isDemo } } }`;
const CREATE_WEBHOOK = `mutation($a: ID!) { createWebhook(accountId: $a, url: "http://127.0.0.1:9/hooks", liveMode: false, events: []) { id } }`;
const CREATE_KEY = `mutation($a: ID!) { createApiKey(accountId: $a, liveMode: false, name: "Server") { id } }`;

async function query<T extends Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query<T>(sql, values)).rows;
}

/** Every uuid column of the schema that names an account, an organization or a user, by table. */
async function referenceColumns(): Promise<Array<{ table: string; column: string; kind: 'account' | 'organization' | 'user' }>> {
  const rows = await query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = current_schema() and data_type = 'uuid'
        and (column_name ~ '(^|_)(account|organization|user|owner)_id$' or (table_name = 'dev_idp_users' and column_name = 'id'))
      order by 1, 2`,
  );
  return rows.map((row) => ({
    ...row,
    kind: /account_id$/.test(row.column) ? 'account' : /organization_id$/.test(row.column) ? 'organization' : 'user',
  }));
}

/** Rows per table that name one of these ids in any of its account, organization or user columns. */
async function rowsNaming(ids: { account: string[]; organization: string[]; user: string[] }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const byTable = new Map<string, Array<{ column: string; kind: 'account' | 'organization' | 'user' }>>();
  for (const column of await referenceColumns()) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
  for (const [table, columns] of byTable) {
    const where = columns.map((column) => `"${column.column}" = any($${['account', 'organization', 'user'].indexOf(column.kind) + 1}::uuid[])`).join(' or ');
    // Every parameter typed, whichever columns the table has.
    const typed = `cardinality($1::uuid[]) + cardinality($2::uuid[]) + cardinality($3::uuid[]) >= 0`;
    const [row] = await query<{ n: string }>(`select count(*) as n from "${table}" where (${where}) and ${typed}`, [ids.account, ids.organization, ids.user]);
    if (Number(row!.n) > 0) counts[table] = Number(row!.n);
  }
  return counts;
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await query<{ table: string }>(`select tablename as table from pg_tables where schemaname = current_schema() order by 1`);
  const counts: Record<string, number> = {};
  for (const { table } of tables) counts[table] = Number((await query<{ n: string }>(`select count(*) as n from "${table}"`))[0]!.n);
  return counts;
}

async function kybDocument(organizationId: string, userId: string): Promise<string> {
  const key = await storage.put(Buffer.from('%PDF-1.4 made up'), 'application/pdf');
  // The demo has its approved application from the seed; a partner's is made here.
  const [application] = await query<{ id: string }>(
    `insert into kyb_applications (organization_id) values ($1) on conflict (organization_id) do update set updated_at = now() returning id`,
    [organizationId],
  );
  await query(
    `insert into kyb_documents (application_id, type, storage_key, file_name, content_type, size_bytes, uploaded_by_user_id)
     values ($1, 'proofOfAddress', $2, 'address.pdf', 'application/pdf', 16, $3)`,
    [application!.id, key, userId],
  );
  return key;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rampart-remove-demo-'));
  t = await startIsolatedTestApp('remove_demo', { DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  storage = createFileStorage(t.config);
  // A partner whose account has the demo's name: the demo is found by its marker, never by a name.
  partner = await accountWithMember(t, { name: 'Demo Payments', verified: true });
  staff = await signedInUser(t, { adminRole: 'SuperAdmin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the demo seed', () => {
  it('marks the organization and the user it creates as demo data, and gives transactions only to the demo account', async () => {
    expect(await seedDemo(t.database.db, { storage })).toEqual(DEMO_LOGIN);
    const [user] = await query<{ id: string; is_demo: boolean }>(`select id, is_demo from users where email = $1`, [DEMO_LOGIN.email]);
    expect(user!.is_demo).toBe(true);
    const organizations = await query<{ id: string; is_demo: boolean; accounts: string[] }>(
      `select o.id, o.is_demo, array_agg(a.id order by a.name) as accounts from organizations o join accounts a on a.organization_id = o.id
        where o.owner_id = $1 group by o.id`,
      [user!.id],
    );
    expect(organizations).toHaveLength(1);
    expect(organizations[0]!.is_demo).toBe(true);
    expect(await query(`select is_demo from organizations where id = $1`, [partner.organizationId])).toEqual([{ is_demo: false }]);
    expect(await query(`select is_demo from users where id = $1`, [partner.userId])).toEqual([{ is_demo: false }]);

    await seedDemoTransactions(t.database, () => {}, 150);
    const [demoAccountId] = organizations[0]!.accounts;
    const perAccount = await query<{ account_id: string; n: string }>(`select account_id, count(*) as n from transactions group by 1`);
    expect(perAccount).toEqual([{ account_id: demoAccountId, n: '300' }]);
    // A second start finds the demo and adds nothing.
    expect(await seedDemo(t.database.db)).toEqual(DEMO_LOGIN);
    await seedDemoTransactions(t.database, () => {}, 150);
    expect(await query(`select count(*)::int as n from organizations where is_demo`)).toEqual([{ n: 1 }]);
    expect(await query(`select count(*)::int as n from transactions`)).toEqual([{ n: 300 }]);

    demo = {
      client: await sessionFor(t, user!.id),
      userId: user!.id,
      accountIds: organizations[0]!.accounts,
      organizationId: organizations[0]!.id,
    };
  });
});

const DEMO_STORY = `query($a: ID!, $o: ID!) {
  billing(accountId: $a) { plan subscription { plan status } invoices { plan status amountPaid } }
  reviewStatus(accountId: $a) { status }
  gettingStarted(accountId: $a) { steps { key state } }
  getApplicantVerificationSteps(organizationId: $o) { key state }
  transactions(accountId: $a, liveMode: true, take: 100) { items { baseCurrency { code } baseCurrencyAmount usdRate eurRate gbpRate } }
}`;

describe('the seeded demo (issue 36)', () => {
  it('tells one story: the Pro plan has its subscription, the verified account its approved KYB, a purchase its own amount in its own currency', async () => {
    const story = await demo.client.ok<{
      billing: { plan: string; subscription: { plan: string; status: string } | null; invoices: { plan: string; status: string; amountPaid: string }[] };
      reviewStatus: { status: string };
      gettingStarted: { steps: { key: string; state: string }[] };
      getApplicantVerificationSteps: { key: string; state: string }[];
      transactions: { items: { baseCurrency: { code: string }; baseCurrencyAmount: string; usdRate: string; eurRate: string; gbpRate: string }[] };
    }>(DEMO_STORY, { a: demo.accountIds[0], o: demo.organizationId });
    expect(story.billing).toEqual({
      plan: 'Pro',
      subscription: { plan: 'Pro', status: 'active' },
      invoices: [{ plan: 'Pro', status: 'paid', amountPaid: '199.00' }],
    });
    expect(story.reviewStatus.status).toBe('Approved');
    expect(story.gettingStarted.steps.find((step) => step.key === 'verifyBusiness')).toEqual({ key: 'verifyBusiness', state: 'done' });
    // The application behind the approval has everything a submission needs, its documents' files included.
    expect(story.getApplicantVerificationSteps).toEqual(
      ['companyDetails', 'ownership', 'documents', 'questionnaire', 'review'].map((key) => ({ key, state: 'completed' })),
    );
    const files = await query<{ storage_key: string }>(
      `select d.storage_key from kyb_documents d join kyb_applications a on a.id = d.application_id where a.organization_id = $1`,
      [demo.organizationId],
    );
    expect(files).toHaveLength(4);
    for (const file of files) expect((await storage.get(file.storage_key))?.subarray(0, 5).toString()).toBe('%PDF-');
    // "In USD / EUR / GBP" is the amount times each rate: in the purchase's own currency it is the amount itself.
    const own = { usd: 'usdRate', eur: 'eurRate', gbp: 'gbpRate' } as const;
    const checked = story.transactions.items.filter((item) => item.baseCurrency.code.toLowerCase() in own);
    expect(checked.length).toBeGreaterThan(0);
    for (const item of checked) {
      const rate = item[own[item.baseCurrency.code.toLowerCase() as keyof typeof own]];
      expect({ amount: item.baseCurrencyAmount, inOwnCurrency: new Decimal(item.baseCurrencyAmount).times(rate).toFixed(2) }).toEqual({
        amount: item.baseCurrencyAmount,
        inOwnCurrency: new Decimal(item.baseCurrencyAmount).toFixed(2),
      });
    }
  });
});

describe('Account.isDemo', () => {
  it('is true for the demo accounts and their quarterly review, false for a partner’s; another tenant cannot read the demo account', async () => {
    for (const id of demo.accountIds) expect((await demo.client.ok(ACCOUNT, { id })).account).toEqual({ id, isDemo: true, organization: { isDemo: true } });
    expect((await partner.client.ok(ACCOUNT, { id: partner.accountId })).account).toEqual({
      id: partner.accountId,
      isDemo: false,
      organization: { isDemo: false },
    });
    const refused = await partner.client.gql(ACCOUNT, { id: demo.accountIds[0] });
    expect(errorCode(refused)).toBe('FORBIDDEN_ERROR');
    expect(refused.data?.account ?? null).toBeNull();
    // In a list, each account answers for its own organization.
    const me = await demo.client.ok<{ me: { memberships: Array<{ account: { isDemo: boolean } }> } }>(
      `{ me { memberships(take: 10) { account { isDemo } } } }`,
    );
    expect(me.me.memberships.map((membership) => membership.account.isDemo)).toEqual([true, true]);
    // The quarterly review is printed without the app around it: it says so itself.
    const REVIEW = `query($a: ID!) { quarterlyReview(accountId: $a, liveMode: true) { isDemo } }`;
    expect((await demo.client.ok(REVIEW, { a: demo.accountIds[0] })).quarterlyReview).toEqual({ isDemo: true });
    expect((await partner.client.ok(REVIEW, { a: partner.accountId })).quarterlyReview).toEqual({ isDemo: false });
  });
});

describe('npm run seed -- --remove-demo', () => {
  it('removes every demo row and file and nothing else, says what it removed, and keeps the demo removed', async () => {
    // Both tenants use the product the same way: a webhook, an API key (audited), a KYB document with its file, and
    // made-up transactions for the partner too, so every table the demo has rows in has the partner's beside them.
    for (const [client, accountId] of [
      [demo.client, demo.accountIds[0]!],
      [partner.client, partner.accountId],
    ] as const) {
      await client.ok(CREATE_WEBHOOK, { a: accountId });
      await client.ok(CREATE_KEY, { a: accountId });
    }
    await generateTransactions(t.database.pool, { accountId: partner.accountId, live: 120, test: 60, seed: 32 });
    files.demo = await kybDocument(demo.organizationId, demo.userId);
    files.partner = await kybDocument(partner.organizationId, partner.userId);
    // Staff opened the demo account last: that pointer is cleared, the staff user stays.
    await query(`update users set last_selected_account_id = $1 where id = $2`, [demo.accountIds[0], staff.userId]);

    const demoIds = { account: demo.accountIds, organization: [demo.organizationId], user: [demo.userId] };
    const partnerIds = { account: [partner.accountId], organization: [partner.organizationId], user: [partner.userId, staff.userId] };
    const demoBefore = await rowsNaming(demoIds);
    const partnerBefore = await rowsNaming(partnerIds);
    const partnerRows = await query(`select * from transactions where account_id = $1 order by id`, [partner.accountId]);
    expect(demoBefore).toMatchObject({ transactions: 300, customers: expect.any(Number), webhooks: 1, api_keys: 1, audit_events: expect.any(Number) });
    expect(partnerBefore).toMatchObject({ transactions: 180, webhooks: 1, api_keys: 1, kyb_applications: 1 });
    const totalsBefore = await tableCounts();

    const removal = await removeDemo(t.database.pool, storage);

    // The demo's four seeded KYB documents and the one added above.
    expect(removal).toMatchObject({ organizations: 1, accounts: 2, users: 1, clearedSelections: 1, files: 5, keptUsers: [] });
    expect(await rowsNaming(demoIds)).toEqual({});
    expect(await rowsNaming(partnerIds)).toEqual(partnerBefore);
    expect(await query(`select * from transactions where account_id = $1 order by id`, [partner.accountId])).toEqual(partnerRows);
    expect(await query(`select last_selected_account_id from users where id = $1`, [staff.userId])).toEqual([{ last_selected_account_id: null }]);
    // Every table lost exactly the rows the removal reports (cascades included), and nothing is demo data any more.
    const totalsAfter = await tableCounts();
    for (const [table, before] of Object.entries(totalsBefore))
      expect({ table, rows: totalsAfter[table] }).toEqual({ table, rows: before - (removal.rows[table] ?? 0) + (table === 'demo_removals' ? 1 : 0) });
    expect(removal.rows).toMatchObject({ organizations: 1, accounts: 2, users: 1, transactions: 300, kyb_documents: 5, webhooks: 1, api_keys: 1 });
    expect(await query(`select count(*)::int as n from organizations where is_demo`)).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from users where is_demo`)).toEqual([{ n: 0 }]);
    expect(await storage.get(files.demo)).toBeNull();
    expect(await storage.get(files.partner)).not.toBeNull();
    expect(describeRemoval(removal)[0]).toMatch(/^Removed the demo data: 1 organization\(s\), 2 account\(s\), 1 user\(s\), [\d,]+ rows, 5 file\(s\)\.$/);

    // Again: nothing left to remove, nothing else touched.
    const again = await removeDemo(t.database.pool, storage);
    expect(again).toEqual({ organizations: 0, accounts: 0, users: 0, rows: {}, clearedSelections: 0, files: 0, keptUsers: [] });
    expect(describeRemoval(again)[0]).toBe('No demo data to remove.');
    expect(await tableCounts()).toEqual(totalsAfter);

    // A start after the removal seeds nothing; the demo user's sessions ended with it.
    expect(await seedDemo(t.database.db)).toBeNull();
    await seedDemoTransactions(t.database, () => {}, 150);
    expect(await tableCounts()).toEqual(totalsAfter);
    expect(errorCode(await demo.client.gql(`{ me { id } }`))).toBe('UNAUTHENTICATED');
  });

  it('seeds again when asked by name, and keeps a demo user who also belongs to a partner’s organization', async () => {
    expect(await seedDemo(t.database.db, { evenIfRemoved: true })).toEqual(DEMO_LOGIN);
    expect(await query(`select count(*)::int as n from demo_removals`)).toEqual([{ n: 0 }]);
    const client = t.client();
    await client.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const [user] = await query<{ id: string }>(`select id from users where email = $1`, [DEMO_LOGIN.email]);
    // The partner invited the demo user into its own account.
    await query(`insert into memberships (account_id, user_id, role, has_accepted_invite, joined_at) values ($1, $2, 'analyst', true, now())`, [
      partner.accountId,
      user!.id,
    ]);

    const removal = await removeDemo(t.database.pool, storage);

    expect(removal).toMatchObject({ organizations: 1, accounts: 2, users: 0, keptUsers: [DEMO_LOGIN.email] });
    expect(await query(`select account_id from memberships where user_id = $1`, [user!.id])).toEqual([{ account_id: partner.accountId }]);
    expect(describeRemoval(removal)).toContain(
      `Kept ${DEMO_LOGIN.email}: it also belongs to an organization that is not demo data, or is staff. If it still has the demo password, change it.`,
    );
    // Seeding again gives the kept user a new demo organization rather than a second user.
    expect(await seedDemo(t.database.db, { evenIfRemoved: true })).toEqual(DEMO_LOGIN);
    expect(await query(`select count(*)::int as n from organizations where is_demo and owner_id = $1`, [user!.id])).toEqual([{ n: 1 }]);
  });
});
