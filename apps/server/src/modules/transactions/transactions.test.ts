import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, STAFF_TOTP_SECRET, startTestApp, uniqueEmail, type ApiClient, type TestApp } from '../../../test/harness.ts';
import { parseCsv } from '@rampart/shared/csv';
import { addMembership } from '../../../test/accounts-helper.ts';
import type { TransactionRow } from './transactions.repository.ts';
import { SAMPLE_FEES_AND_RATES } from './test-transactions.ts';
import { generateTransactions } from './generator.ts';
import { prefixUpperBound } from '../../lib/prefix-search.ts';
import { searchTermOf } from './search.ts';

let t: TestApp;
let accountId: string;
let otherAccountId: string;
let analyst: ApiClient;
let staff: ApiClient;
let staffUserId: string;
let customerId: string;
let otherCustomerId: string;

const DAY = 86_400_000;
const NOW = Date.now();

async function user(adminRole: string | null = null) {
  const result = await t.database.pool.query<{ id: string; email: string; firstName: string; lastName: string }>(
    `insert into users (email, first_name, last_name, is_email_verified, admin_role, otp_secret, is_otp_enabled) values ($1, 'Tx', 'Tester', true, $2, $3, $4) returning id, email, first_name as "firstName", last_name as "lastName"`,
    [uniqueEmail('tx'), adminRole, adminRole ? STAFF_TOTP_SECRET : null, adminRole !== null],
  );
  return result.rows[0]!;
}

async function signedIn(row: Awaited<ReturnType<typeof user>>): Promise<ApiClient> {
  const issued = await t.app.services.identity.issueSession(row as never, 'password', { ipAddress: '127.0.0.1', userAgent: 'tx-test' }); // a users row read with plain SQL; issueSession takes the Drizzle row of the same table
  const client = t.client();
  client.cookie = `rampart_session=${issued.cookieValue}`;
  client.csrfToken = issued.csrfToken;
  return client;
}

async function account(name: string) {
  const org = await t.database.pool.query<{ id: string }>(`insert into organizations (name) values ($1) returning id`, [`${name} Ltd`]);
  const acc = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, $2) returning id`, [org.rows[0]!.id, name]);
  return acc.rows[0]!.id;
}

async function customer(account: string, liveMode: boolean, email: string, external: string) {
  const result = await t.database.pool.query<{ id: string }>(
    `insert into customers (account_id, live_mode, email, external_customer_id, country, default_currency, kyc_level, identity_check_status) values ($1, $2, $3, $4, 'GB', 'gbp', 'Full', 'Clear') returning id`,
    [account, liveMode, email, external],
  );
  return result.rows[0]!.id;
}

const PATH: Record<string, string[]> = {
  completed: ['pending', 'completed'],
  failed: ['failed'],
  pending: ['pending'],
  waitingPayment: [],
  waitingAuthorization: ['pending', 'waitingAuthorization'],
};

interface Spec {
  n: number;
  status: string;
  amount: string;
  daysAgo: number;
  account?: string;
  liveMode?: boolean;
  customer?: string | null;
  wallet?: string;
  externalId?: string;
  externalCustomerId?: string;
  /** When it happened, if not `daysAgo` days and `n` seconds before the run started. */
  createdAt?: Date;
}

async function buy(spec: Spec): Promise<TransactionRow> {
  const service = t.app.services.transactions;
  const row = await service.createTransaction({
    kind: 'buy',
    accountId: spec.account ?? accountId,
    liveMode: spec.liveMode ?? true,
    baseCurrencyCode: 'usd',
    quoteCurrencyCode: 'eth',
    fiatCurrencyCode: 'usd',
    amount: spec.amount,
    baseCurrencyAmount: spec.amount,
    ...SAMPLE_FEES_AND_RATES,
    paymentMethod: spec.n % 2 ? 'creditCard' : 'sepa',
    country: spec.n % 3 ? 'GB' : 'US',
    externalTransactionId: spec.externalId ?? `ext-${spec.account ?? accountId}-${spec.liveMode ?? true}-${spec.n}`,
    externalCustomerId: spec.externalCustomerId ?? (spec.customer === null ? null : `cust-${spec.n % 4}`),
    customerId: spec.customer === undefined ? customerId : spec.customer,
    walletAddress: spec.wallet ?? `0xwallet${spec.n}`,
    cryptoTransactionId: '0xabc',
    createdAt: spec.createdAt ?? new Date(NOW - spec.daysAgo * DAY - spec.n * 1000),
  });
  let current = row;
  for (const status of PATH[spec.status]!) current = await service.changeStatus(row.id, status, { failureReason: status === 'failed' ? 'cardDeclined' : null });
  return current;
}

const LIST = `query($a: ID!, $live: Boolean!, $s: String, $skip: Int, $take: Int, $status: [BuyTransactionStatus!], $min: Decimal, $max: Decimal, $from: DateTime, $to: DateTime, $type: String, $sort: TransactionSort) {
  transactions(accountId: $a, liveMode: $live, searchString: $s, skip: $skip, take: $take, status: $status, minAmount: $min, maxAmount: $max, minCreatedAt: $from, maxCreatedAt: $to, transactionType: $type, sort: $sort) {
    totalCount isTotalExact skip take items { id status baseCurrencyAmount createdAt externalTransactionId }
  }
}`;

type ListResult = {
  transactions: {
    totalCount: number;
    isTotalExact: boolean;
    items: Array<{ id: string; status: string; baseCurrencyAmount: string; createdAt: string; externalTransactionId?: string | null }>;
  };
};

const fixtures: TransactionRow[] = [];
const STATUSES = ['completed', 'completed', 'failed', 'pending', 'waitingPayment', 'completed', 'waitingAuthorization'];

beforeAll(async () => {
  t = await startTestApp();
  accountId = await account('Tx Main');
  otherAccountId = await account('Tx Other');
  const member = await user();
  await addMembership(t, accountId, member.id, 'analyst');
  analyst = await signedIn(member);
  const staffUser = await user('FraudManager');
  staffUserId = staffUser.id;
  staff = await signedIn(staffUser);
  customerId = await customer(accountId, true, 'Ada.Buyer@example.com', 'cust-ada');
  otherCustomerId = await customer(otherAccountId, true, 'ada.buyer@example.com', 'cust-ada');
  // 28 live buys in the main account: statuses cycle, amounts 10..280, one per day.
  for (let n = 0; n < 28; n += 1) {
    fixtures.push(await buy({ n, status: STATUSES[n % STATUSES.length]!, amount: `${(n + 1) * 10}.00`, daysAgo: n }));
  }
  // The same shapes in the other mode and in another account, which must never show up.
  for (let n = 0; n < 4; n += 1) {
    await buy({ n, status: 'completed', amount: '50.00', daysAgo: n, liveMode: false, wallet: '0xwallet1' });
    await buy({ n, status: 'completed', amount: '50.00', daysAgo: n, account: otherAccountId, customer: otherCustomerId, wallet: '0xwallet1' });
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

const list = (variables: Record<string, unknown>) => analyst.ok<ListResult>(LIST, { a: accountId, live: true, ...variables });
const newestFirst = (rows: TransactionRow[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id);

describe('transactions list', () => {
  it('lists newest first with an exact total, never rows of another account or mode', async () => {
    const data = await list({ take: 100 });
    expect(data.transactions.totalCount).toBe(28);
    expect(data.transactions.isTotalExact).toBe(true);
    expect(data.transactions.items.map((i) => i.id)).toEqual(newestFirst(fixtures));
    const test = await list({ live: false, take: 100 });
    expect(test.transactions.totalCount).toBe(4);
    expect(test.transactions.items.every((i) => !fixtures.some((f) => f.id === i.id))).toBe(true);
  });

  it.each([
    ['status', { status: ['failed'] }, (r: TransactionRow) => r.status === 'failed'],
    ['several statuses', { status: ['pending', 'waitingPayment'] }, (r: TransactionRow) => ['pending', 'waitingPayment'].includes(r.status)],
    ['minimum amount', { min: '200' }, (r: TransactionRow) => Number(r.amount) >= 200],
    ['maximum amount', { max: '55.5' }, (r: TransactionRow) => Number(r.amount) <= 55.5],
    [
      'created range',
      { from: new Date(NOW - 10.5 * DAY).toISOString(), to: new Date(NOW - 4.5 * DAY).toISOString() },
      (r: TransactionRow) => r.createdAt.getTime() >= NOW - 10.5 * DAY && r.createdAt.getTime() <= NOW - 4.5 * DAY,
    ],
    ['external transaction id', { s: `ext-${'ACCOUNT'}-true-3` }, (r: TransactionRow) => r.externalTransactionId?.endsWith('-true-3') ?? false],
    ['external customer id', { s: 'cust-2' }, (r: TransactionRow) => r.externalCustomerId === 'cust-2'],
    ['the start of a wallet address', { s: '0xwallet1' }, (r: TransactionRow) => r.walletAddress?.startsWith('0xwallet1') ?? false],
    ['customer e-mail, any case', { s: 'ADA.buyer@example.com' }, () => true],
    [
      'combined: status, amount range, created range and search',
      { status: ['completed'], min: '20', max: '250', from: new Date(NOW - 20.5 * DAY).toISOString(), s: 'cust-1' },
      (r: TransactionRow) =>
        r.status === 'completed' &&
        Number(r.amount) >= 20 &&
        Number(r.amount) <= 250 &&
        r.createdAt.getTime() >= NOW - 20.5 * DAY &&
        r.externalCustomerId === 'cust-1',
    ],
  ])('filters by %s', async (_label, raw, predicate) => {
    const variables = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? v.replace('ACCOUNT', accountId) : v]));
    const data = await list({ ...variables, take: 100 });
    const expected = newestFirst(fixtures.filter(predicate));
    expect(expected.length).toBeGreaterThan(0);
    expect(data.transactions.items.map((i) => i.id)).toEqual(expected);
    expect(data.transactions.totalCount).toBe(expected.length);
    expect(data.transactions.isTotalExact).toBe(true);
  });

  // Created ranges are counted from the day totals plus the rows of the partial days at either end.
  const midnight = (daysAgo: number) => Math.floor((NOW - daysAgo * DAY) / DAY) * DAY;
  it.each<[string, { from?: number; to?: number }]>([
    ['from mid-day to mid-day', { from: NOW - 12.3 * DAY, to: NOW - 2.7 * DAY }],
    ['from a midnight', { from: midnight(9) }],
    ['up to a midnight', { to: midnight(5) }],
    ['from a midnight to a midnight', { from: midnight(15), to: midnight(3) }],
    ['within one day', { from: midnight(6) + 1, to: midnight(6) + DAY - 1 }],
    ['over adjacent partial days', { from: midnight(8) + DAY / 2, to: midnight(7) + DAY / 2 }],
    ['only the future', { from: NOW + DAY }],
  ])('counts a created range exactly: %s', async (_label, range) => {
    const inRange = (r: TransactionRow) =>
      (range.from === undefined || r.createdAt.getTime() >= range.from) && (range.to === undefined || r.createdAt.getTime() <= range.to);
    const variables = {
      from: range.from === undefined ? undefined : new Date(range.from).toISOString(),
      to: range.to === undefined ? undefined : new Date(range.to).toISOString(),
    };
    const data = await list({ ...variables, take: 100 });
    expect(data.transactions.items.map((i) => i.id)).toEqual(newestFirst(fixtures.filter(inRange)));
    expect(data.transactions).toMatchObject({ totalCount: fixtures.filter(inRange).length, isTotalExact: true });
    const failed = await list({ ...variables, status: ['failed', 'completed'], take: 100 });
    expect(failed.transactions.totalCount).toBe(fixtures.filter((r) => inRange(r) && ['failed', 'completed'].includes(r.status)).length);
  });

  it('counts a created range exactly past 10,000 rows, from the rollups', async () => {
    const generated = await account('Tx Generated Range');
    await generateTransactions(t.database.pool, { accountId: generated, live: 24_000, test: 0, seed: 11 });
    const member = await user();
    await addMembership(t, generated, member.id, 'analyst');
    const client = await signedIn(member);
    const from = new Date(NOW - 400.4 * DAY).toISOString();
    const expected = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from transactions where account_id = $1 and live_mode and kind = 'buy' and created_at >= $2`,
      [generated, from],
    );
    expect(expected.rows[0]!.n).toBeGreaterThan(10_000);
    const data = await client.ok<ListResult>(LIST, { a: generated, live: true, from, take: 5 });
    expect(data.transactions).toMatchObject({ totalCount: expected.rows[0]!.n, isTotalExact: true });
  });

  it('gives each listed transaction its customer, read with the page', async () => {
    const data = await analyst.ok<{ transactions: { items: Array<{ id: string; customer: { id: string; email: string } | null }> } }>(
      `query($a: ID!) { transactions(accountId: $a, liveMode: true, take: 5) { items { id customer { id email } } } }`,
      { a: accountId },
    );
    expect(data.transactions.items).toHaveLength(5);
    for (const item of data.transactions.items) expect(item.customer).toEqual({ id: customerId, email: 'Ada.Buyer@example.com' });
  });

  it('pages an e-mail search across its branches without repeats or gaps', async () => {
    const searched = await account('Tx Search');
    const needle = await customer(searched, true, 'Needle@Example.com', 'cust-needle');
    // Odd rows belong to the customer with that e-mail; every third row carries the e-mail as its wallet (3 and 9: both).
    const rows: TransactionRow[] = [];
    for (let n = 0; n < 10; n += 1) {
      rows.push(
        await buy({
          n,
          status: 'completed',
          amount: '10.00',
          daysAgo: n,
          account: searched,
          customer: n % 2 ? needle : null,
          wallet: n % 3 ? `0xw${n}` : 'needle@example.com',
        }),
      );
    }
    const member = await user();
    await addMembership(t, searched, member.id, 'analyst');
    const client = await signedIn(member);
    const expected = newestFirst(rows.filter((r) => r.walletAddress === 'needle@example.com' || r.customerId === needle));
    expect(expected).toHaveLength(7);
    const pages: string[] = [];
    for (let skip = 0; skip < 9; skip += 3) {
      const page = await client.ok<ListResult>(LIST, { a: searched, live: true, s: 'needle@example.com', skip, take: 3 });
      expect(page.transactions).toMatchObject({ totalCount: 7, isTotalExact: true });
      pages.push(...page.transactions.items.map((i) => i.id));
    }
    expect(pages).toEqual(expected);
    const byAmount = await client.ok<ListResult>(LIST, { a: searched, live: true, s: 'needle@example.com', sort: 'amount_DESC', take: 10 });
    expect(new Set(byAmount.transactions.items.map((i) => i.id))).toEqual(new Set(expected));
  });

  it('finds a transaction by its id', async () => {
    const data = await list({ s: fixtures[5]!.id });
    expect(data.transactions.items.map((i) => i.id)).toEqual([fixtures[5]!.id]);
  });

  it('pages at the boundaries without gaps or repeats', async () => {
    const all = newestFirst(fixtures);
    const pages = await Promise.all([0, 10, 20, 28].map((skip) => list({ skip, take: 10 })));
    expect(pages.map((p) => p.transactions.items.length)).toEqual([10, 10, 8, 0]);
    expect(pages.flatMap((p) => p.transactions.items.map((i) => i.id))).toEqual(all);
    expect(pages.every((p) => p.transactions.totalCount === 28)).toBe(true);
    const filtered = await Promise.all([0, 4, 8, 12].map((skip) => list({ skip, take: 4, status: ['completed'] })));
    expect(filtered.map((p) => p.transactions.items.length)).toEqual([4, 4, 4, 0]);
    expect(filtered.flatMap((p) => p.transactions.items.map((i) => i.id))).toEqual(newestFirst(fixtures.filter((f) => f.status === 'completed')));
  });

  it('sorts by amount both ways and by date ascending', async () => {
    const up = await list({ sort: 'amount_ASC', take: 100 });
    expect(up.transactions.items.map((i) => Number(i.baseCurrencyAmount))).toEqual(fixtures.map((f) => Number(f.amount)).sort((a, b) => a - b));
    const down = await list({ sort: 'amount_DESC', take: 5 });
    expect(down.transactions.items.map((i) => i.baseCurrencyAmount)).toEqual(['280.00', '270.00', '260.00', '250.00', '240.00']);
    const oldest = await list({ sort: 'createdAt_ASC', take: 3 });
    expect(oldest.transactions.items.map((i) => i.id)).toEqual(newestFirst(fixtures).reverse().slice(0, 3));
  });

  it('refuses bad filters with a message per field', async () => {
    for (const [variables, field] of [
      [{ take: 500 }, 'take'],
      [{ skip: -1 }, 'skip'],
      [{ min: '100', max: '10' }, 'minAmount'],
      [{ type: 'Deposit' }, 'transactionType'],
    ] as const) {
      const result = await analyst.gql(LIST, { a: accountId, live: true, ...variables });
      expect(errorCode(result), JSON.stringify(variables)).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.fields![field]).toBeTruthy();
    }
  });

  it('says "10,000 or more" past the exact limit', async () => {
    const bulk = await account('Tx Bulk');
    await t.database.pool.query(
      `insert into transactions (account_id, live_mode, kind, status, base_currency_code, fiat_currency_code, amount, base_currency_amount, usd_rate, eur_rate, gbp_rate, created_at)
       select $1, true, 'buy', 'completed', 'usd', 'usd', (g % 500 + 1)::numeric, (g % 500 + 1)::numeric, 1, 0.92, 0.79, now() - g * interval '1 minute' from generate_series(1, 10050) g`,
      [bulk],
    );
    const member = await user();
    await addMembership(t, bulk, member.id, 'analyst');
    const client = await signedIn(member);
    const data = await client.ok<ListResult>(LIST, { a: bulk, live: true, min: '1', take: 5, skip: 200 });
    expect(data.transactions).toMatchObject({ totalCount: 10_000, isTotalExact: false });
    expect(data.transactions.items).toHaveLength(5);
    const narrow = await client.ok<ListResult>(LIST, { a: bulk, live: true, min: '1', max: '2' });
    expect(narrow.transactions).toMatchObject({ totalCount: 41, isTotalExact: true });
  });

  it('refuses another account and hides its transactions from details', async () => {
    const result = await analyst.gql(LIST, { a: otherAccountId, live: true });
    expect(errorCode(result)).toBe('FORBIDDEN_ERROR');
    const theirs = await t.database.pool.query<{ id: string }>(`select id from transactions where account_id = $1 limit 1`, [otherAccountId]);
    const detail = await analyst.gql('query($id: ID!) { transaction(id: $id) { id } }', { id: theirs.rows[0]!.id });
    expect(errorCode(detail)).toBe('FORBIDDEN_ERROR');
    const wrongKind = await analyst.gql('query($id: ID!) { sellTransaction(id: $id) { id } }', { id: fixtures[0]!.id });
    expect(errorCode(wrongKind)).toBe('NOT_FOUND');
  });
});

describe('transaction detail and status machine', () => {
  it('shows amounts, fees, explorer links, the customer and the status timeline', async () => {
    const failed = fixtures.find((f) => f.status === 'failed')!;
    const data = await analyst.ok(
      `query($id: ID!) { transaction(id: $id) { id status failureReason failureReasonMessage baseCurrency { code } quoteCurrency { code networkCode } feeAmount extraFeeAmount networkFeeAmount
        explorerLinks { explorerName transactionUrl walletAddressUrl } customer { id email identityCheck { level status } } statusHistory { status at } }
        transactionFailureReasons(id: $id) { code message } }`,
      { id: failed.id },
    );
    expect(data.transaction).toMatchObject({
      status: 'failed',
      failureReason: 'cardDeclined',
      failureReasonMessage: 'The card issuer declined the payment.',
      quoteCurrency: { code: 'eth', networkCode: 'ethereum' },
      feeAmount: '1.00',
      explorerLinks: { explorerName: 'Etherscan', transactionUrl: 'https://etherscan.io/tx/0xabc' },
      customer: { id: customerId, identityCheck: { level: 'Full', status: 'Clear' } },
    });
    expect(data.transaction.statusHistory.map((h: { status: string }) => h.status)).toEqual(['waitingPayment', 'failed']);
    expect(data.transactionFailureReasons).toEqual([{ code: 'cardDeclined', message: 'The card issuer declined the payment.' }]);
  });

  it('refuses moves the state machine does not allow, and emits an event for each move', async () => {
    const row = await buy({ n: 900, status: 'waitingPayment', amount: '75.00', daysAgo: 0 });
    await expect(t.app.services.transactions.changeStatus(row.id, 'completed')).rejects.toMatchObject({ code: 'CONFLICT' });
    await t.app.services.transactions.changeStatus(row.id, 'pending');
    await t.app.services.transactions.changeStatus(row.id, 'failed', { failureReason: 'threeDsFailed' });
    const events = await t.database.pool.query<{ type: string; status: string }>(
      `select type, data->>'status' as status from webhook_events where data->>'id' = $1 order by created_at`,
      [row.id],
    );
    expect(events.rows).toEqual([
      { type: 'transaction_created', status: 'waitingPayment' },
      { type: 'transaction_updated', status: 'pending' },
      { type: 'transaction_failed', status: 'failed' },
    ]);
  });
});

async function sellOrSwap(kind: 'sell' | 'swap', path: string[]) {
  const service = t.app.services.transactions;
  const row = await service.createTransaction({
    kind,
    accountId,
    liveMode: true,
    baseCurrencyCode: 'eth',
    quoteCurrencyCode: kind === 'sell' ? 'eur' : 'usdc',
    fiatCurrencyCode: kind === 'sell' ? 'eur' : 'eth',
    amount: '100.00',
    baseCurrencyAmount: '0.03',
    usdRate: '1.08',
    eurRate: '1',
    gbpRate: '0.85',
    walletAddress: '0xrefundme',
    refundWalletAddress: kind === 'sell' ? '0xrefundme' : null,
    customerId,
    externalCustomerId: 'cust-ada',
  });
  for (const status of path) await service.changeStatus(row.id, status);
  return row.id;
}

const eventsOf = async (id: string) =>
  (await t.database.pool.query<{ type: string }>(`select type from webhook_events where data->>'id' = $1 order by created_at, id`, [id])).rows.map(
    (r) => r.type,
  );

describe('staff actions', () => {
  const SELL = 'id status refundApprovalStatus refundHash refundApprovedAt refundApprovedBy cancelledAt cancelledBy statusHistory { status by reason }';
  const ACTORS = 'cancelledByName refundApprovedByName statusHistory { status byName }';

  it('freezes, approves, cancels and refunds a sell transaction, each with its event and audit entry', async () => {
    const id = await sellOrSwap('sell', ['pending']);
    const frozen = await staff.ok(`mutation($id: ID!) { freezeSellTransaction(id: $id, reason: "Unusual pattern") { ${SELL} } }`, { id });
    expect(frozen.freezeSellTransaction).toMatchObject({ status: 'frozen' });
    expect(frozen.freezeSellTransaction.statusHistory.at(-1)).toEqual({ status: 'frozen', by: staffUserId, reason: 'Unusual pattern' });
    const approved = await staff.ok(`mutation($id: ID!) { approveSellTransaction(id: $id) { ${SELL} } }`, { id });
    expect(approved.approveSellTransaction.status).toBe('pending');
    const cancelled = await staff.ok(`mutation($id: ID!) { cancelSellTransaction(id: $id) { ${SELL} } }`, { id });
    expect(cancelled.cancelSellTransaction).toMatchObject({ status: 'failed', cancelledBy: staffUserId });
    expect(cancelled.cancelSellTransaction.cancelledAt).toBeTruthy();
    const refunded = await staff.ok(`mutation($id: ID!) { refundSellTransaction(id: $id) { ${SELL} } }`, { id });
    expect(refunded.refundSellTransaction).toMatchObject({ status: 'failed', refundApprovalStatus: 'Approved', refundApprovedBy: staffUserId });
    expect(refunded.refundSellTransaction.refundHash).toMatch(/^0x[0-9a-f]{64}$/);
    const again = await staff.gql(`mutation($id: ID!) { refundSellTransaction(id: $id) { id } }`, { id });
    expect(errorCode(again)).toBe('CONFLICT');
    expect(await eventsOf(id)).toEqual([
      'sell_transaction_created',
      'sell_transaction_updated',
      'sell_transaction_updated',
      'sell_transaction_updated',
      'sell_transaction_failed',
      'sell_transaction_updated',
    ]);
    const audit = await t.database.pool.query<{ operation: string }>(`select operation from audit_events where changes::text like $1 order by occurred_at`, [
      `%${id}%`,
    ]);
    expect(audit.rows.map((r) => r.operation)).toEqual([
      'freezeSellTransaction',
      'approveSellTransaction',
      'cancelSellTransaction',
      'refundSellTransaction',
      'refundSellTransaction',
    ]);

    // Who acted, in words: staff see their colleague's name, the partner only that the provider's staff did it.
    const staffName = (await t.database.pool.query<{ name: string }>(`select first_name || ' ' || last_name as name from users where id = $1`, [staffUserId]))
      .rows[0]!.name;
    const asStaff = await staff.ok(`query($id: ID!) { sellTransaction(id: $id) { ${ACTORS} } }`, { id });
    expect(asStaff.sellTransaction).toMatchObject({ cancelledByName: staffName, refundApprovedByName: staffName });
    expect(asStaff.sellTransaction.statusHistory.find((step: { status: string }) => step.status === 'frozen').byName).toBe(staffName);
    expect(asStaff.sellTransaction.statusHistory[0].byName).toBeNull();
    const asPartner = await analyst.ok(`query($id: ID!) { sellTransaction(id: $id) { ${ACTORS} } }`, { id });
    expect(asPartner.sellTransaction).toMatchObject({ cancelledByName: 'Rampart staff', refundApprovedByName: 'Rampart staff' });
    expect(asPartner.sellTransaction.statusHistory.find((step: { status: string }) => step.status === 'frozen').byName).toBe('Rampart staff');
    expect(JSON.stringify(asPartner)).not.toContain(staffName);
  });

  it('freezes, approves, cancels and refunds a swap, with the swap events', async () => {
    const id = await sellOrSwap('swap', ['waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit']);
    await staff.ok(`mutation($id: ID!) { freezeSwapTransaction(id: $id) { id } }`, { id });
    const approved = await staff.ok(`mutation($id: ID!) { approveSwapTransaction(id: $id) { status } }`, { id });
    expect(approved.approveSwapTransaction.status).toBe('executingSwap');
    await staff.ok(`mutation($id: ID!) { cancelSwapTransaction(id: $id) { id } }`, { id });
    const refunded = await staff.ok(
      `mutation($id: ID!) { refundSwapTransaction(id: $id, refundWalletAddress: "0xback") { status refundApprovalStatus refundTransactionHash refundWalletAddress } }`,
      { id },
    );
    expect(refunded.refundSwapTransaction).toMatchObject({ status: 'failed', refundApprovalStatus: 'Approved', refundWalletAddress: '0xback' });
    expect(await eventsOf(id)).toEqual([
      'swap_transaction_created',
      'swap_deposit_wallet_created',
      'swap_asset_delivery_initiated',
      'swap_transaction_failed',
      'swap_refund_asset_delivery_initiated',
    ]);
  });

  it('refuses actions the status does not allow, and members cannot act', async () => {
    const id = await sellOrSwap('sell', ['pending', 'completed']);
    expect(errorCode(await staff.gql(`mutation($id: ID!) { freezeSellTransaction(id: $id) { id } }`, { id }))).toBe('CONFLICT');
    expect(errorCode(await staff.gql(`mutation($id: ID!) { approveSellTransaction(id: $id) { id } }`, { id }))).toBe('CONFLICT');
    expect(errorCode(await analyst.gql(`mutation($id: ID!) { cancelSellTransaction(id: $id) { id } }`, { id }))).toBe('FORBIDDEN_ERROR');
  });

  it('blocks and unblocks a customer with an identity_check_updated event', async () => {
    const blocked = await staff.ok(`mutation($id: ID!) { blockCustomer(id: $id) { id isBlocked identityCheck { level } } }`, { id: customerId });
    expect(blocked.blockCustomer).toEqual({ id: customerId, isBlocked: true, identityCheck: { level: 'Blocked' } });
    expect(errorCode(await staff.gql(`mutation($id: ID!) { blockCustomer(id: $id) { id } }`, { id: customerId }))).toBe('CONFLICT');
    const unblocked = await staff.ok(`mutation($id: ID!) { unblockCustomer(id: $id) { isBlocked identityCheck { level } } }`, { id: customerId });
    expect(unblocked.unblockCustomer).toEqual({ isBlocked: false, identityCheck: { level: 'Full' } });
    const events = await t.database.pool.query<{ blocked: string }>(
      `select data->>'isBlocked' as blocked from webhook_events where type = 'identity_check_updated' and data->>'customerId' = $1 order by created_at`,
      [customerId],
    );
    expect(events.rows.map((r) => r.blocked)).toEqual(['true', 'false']);
  });
});

describe('customers', () => {
  it('finds a customer by id or external id in its mode only, with paged transactions and cards', async () => {
    await t.database.pool.query(
      `insert into customer_cards (customer_id, brand, last_digits, expiry_month, expiry_year, card_type, created_at) values ($1, 'visa', '4242', 12, 2030, 'debit', now() - interval '1 day'), ($1, 'mastercard', '5454', 1, 2031, 'credit', now())`,
      [customerId],
    );
    const query = `query($a: ID!, $id: ID, $ext: String, $live: Boolean!, $skip: Int) { customer(accountId: $a, id: $id, externalCustomerId: $ext, isLive: $live) {
      id email address { country } identityCheck { level status } files { type } cards(take: 1) { totalCount items { lastDigits } }
      transactions(skip: $skip, take: 10) { totalCount items { __typename ... on BuyTransaction { id } ... on SellTransaction { id } ... on SwapTransaction { id } } } } }`;
    const byId = await analyst.ok(query, { a: accountId, id: customerId, live: true });
    expect(byId.customer).toMatchObject({ id: customerId, address: { country: 'GB' }, cards: { totalCount: 2, items: [{ lastDigits: '5454' }] } });
    const total = byId.customer.transactions.totalCount;
    expect(total).toBeGreaterThan(28);
    const second = await analyst.ok(query, { a: accountId, id: customerId, live: true, skip: 10 });
    const firstIds = byId.customer.transactions.items.map((i: { id: string }) => i.id);
    expect(second.customer.transactions.items.some((i: { id: string }) => firstIds.includes(i.id))).toBe(false);
    const byExternal = await analyst.ok(query, { a: accountId, ext: 'cust-ada', live: true });
    expect(byExternal.customer.id).toBe(customerId);
    expect(errorCode(await analyst.gql(query, { a: accountId, id: customerId, live: false }))).toBe('NOT_FOUND');
    expect(errorCode(await analyst.gql(query, { a: accountId, id: otherCustomerId, live: true }))).toBe('NOT_FOUND');
  });

  it('searches customers and sums balances per currency', async () => {
    const found = await analyst.ok(
      `query($a: ID!) { customers(accountId: $a, liveMode: true, searchString: "ada.BUYER@example.com") { totalCount items { id } } }`,
      { a: accountId },
    );
    expect(found.customers).toEqual({ totalCount: 1, items: [{ id: customerId }] });
    const service = t.app.services.transactions;
    for (const [type, amount, status] of [
      ['Deposit', '100.00', 'Completed'],
      ['Withdrawal', '30.00', 'Completed'],
      ['Reward', '5.00', 'Completed'],
      ['Deposit', '40.00', 'Pending'],
    ] as const) {
      const row = await service.createTransaction({
        kind: 'balance',
        balanceType: type,
        accountId,
        liveMode: true,
        baseCurrencyCode: 'gbp',
        fiatCurrencyCode: 'gbp',
        amount,
        baseCurrencyAmount: amount,
        customerId,
      });
      await service.changeStatus(row.id, 'Pending');
      if (status === 'Completed') await service.changeStatus(row.id, 'Completed');
    }
    const balances = await analyst.ok(
      `query($c: ID!, $a: ID!) { customerAllBalances(customerId: $c, accountId: $a, liveMode: true) { currency { code } balance deposited withdrawn rewarded pending } }`,
      { c: customerId, a: accountId },
    );
    expect(balances.customerAllBalances).toEqual([
      { currency: { code: 'gbp' }, balance: '75.00', deposited: '100.00', withdrawn: '30.00', rewarded: '5.00', pending: '40.00' },
    ]);
    const balanceList = await analyst.ok(
      `query($a: ID!) { balanceTransactions(accountId: $a, liveMode: true, transactionType: "Withdrawal") { totalCount items { type status amount currency { code } } } }`,
      { a: accountId },
    );
    expect(balanceList.balanceTransactions).toEqual({
      totalCount: 1,
      items: [{ type: 'Withdrawal', status: 'Completed', amount: '30.00', currency: { code: 'gbp' } }],
    });
  });
});

describe('partial search', () => {
  let searched: string;
  let client: ApiClient;
  const rows: Record<string, TransactionRow> = {};
  const ids = (...names: string[]) => newestFirst(names.map((name) => rows[name]!));
  const search = (s: string, extra: Record<string, unknown> = {}) => client.ok<ListResult>(LIST, { a: searched, live: true, s, take: 50, ...extra });
  const customerSearch = (s: string, live = true) =>
    client.ok<{ customers: { totalCount: number; items: Array<{ id: string; email: string }> } }>(
      `query($a: ID!, $s: String, $live: Boolean!) { customers(accountId: $a, liveMode: $live, searchString: $s) { totalCount items { id email } } }`,
      { a: searched, s, live },
    );
  const customerIds: Record<string, string> = {};

  beforeAll(async () => {
    searched = await account('Tx Prefix');
    const member = await user();
    await addMembership(t, searched, member.id, 'analyst');
    client = await signedIn(member);
    customerIds.maria = await customer(searched, true, 'Maria.Lopez@Example.com', 'cus_maria_1');
    customerIds.mario = await customer(searched, true, 'mario.rossi@example.com', 'cus_mario_2');
    customerIds.literal = await customer(searched, true, 'a%b_c@example.com', 'lit%_1');
    customerIds.plain = await customer(searched, true, 'axbyc@example.com', 'litab1');
    customerIds.testMode = await customer(searched, false, 'maria.test@example.com', 'cus_maria_test');
    const elsewhere = await customer(otherAccountId, true, 'maria.lopez@example.com', 'cus_maria_1');
    const make = async (name: string, n: number, spec: Partial<Spec>) => {
      rows[name] = await buy({
        n,
        status: 'completed',
        amount: `${n}.00`,
        daysAgo: n,
        account: searched,
        customer: null,
        wallet: `0xplain${n}`,
        externalId: `plain-${n}`,
        ...spec,
      });
    };
    await make('maria', 1, { customer: customerIds.maria, externalCustomerId: 'cus_maria_1' });
    await make('mario', 2, { customer: customerIds.mario, externalCustomerId: 'cus_mario_2' });
    await make('ord1001', 3, { externalId: 'ord-1001' });
    await make('ord1002', 4, { externalId: 'ord-1002' });
    await make('ord2001', 5, { externalId: 'ord-2001' });
    await make('walletAbc', 6, { wallet: '0xAbCdEf0123' });
    await make('walletAbd', 7, { wallet: '0xAbDd000000' });
    await make('percent', 8, { externalId: 'a%c-1' });
    await make('noPercent', 9, { externalId: 'abc-1' });
    await make('underscore', 10, { externalId: '_x-1' });
    await make('noUnderscore', 11, { externalId: 'ax-1' });
    await make('short', 12, { externalId: 'zz' });
    await make('shortLonger', 13, { externalId: 'zz-long' });
    // The same values in the other mode and in another account: never found from this account's live view.
    await buy({
      n: 20,
      status: 'completed',
      amount: '1.00',
      daysAgo: 1,
      account: searched,
      liveMode: false,
      customer: customerIds.testMode,
      externalId: 'ord-1003',
      wallet: '0xAbCdEf9999',
      externalCustomerId: 'cus_maria_test',
    });
    await buy({
      n: 21,
      status: 'completed',
      amount: '1.00',
      daysAgo: 1,
      account: otherAccountId,
      customer: elsewhere,
      externalId: 'ord-1004',
      wallet: '0xAbCdEf8888',
      externalCustomerId: 'cus_maria_1',
    });
  });

  it.each<[string, string, string[]]>([
    ['an e-mail prefix, in any case', 'MARIA.l', ['maria']],
    ['an e-mail prefix shared by two customers', 'mari', ['maria', 'mario']],
    ['an external transaction id prefix', 'ord-10', ['ord1001', 'ord1002']],
    ['a whole external transaction id', 'ord-2001', ['ord2001']],
    ['an external customer id prefix', 'cus_mari', ['maria', 'mario']],
    ['a wallet address prefix, case as written', '0xAbC', ['walletAbc']],
    ['a wallet prefix that is not the start', 'bCdEf', []],
    ['"%" as itself', 'a%c', ['percent']],
    ['"_" as itself', '_x-', ['underscore']],
    ['a term shorter than three characters, whole values only', 'zz', ['short']],
    ['a short term that only starts values', 'or', []],
    ['one character, never a wildcard', '_', []],
  ])('finds %s', async (_label, term, expected) => {
    const data = await search(term);
    expect(data.transactions.items.map((i) => i.id)).toEqual(ids(...expected));
    expect(data.transactions).toMatchObject({ totalCount: expected.length, isTotalExact: true });
  });

  it('never finds rows of the other mode or another account', async () => {
    for (const term of ['ord-100', '0xAbCdEf', 'cus_maria', 'maria.']) {
      const data = await search(term);
      expect(data.transactions.items.every((i) => Object.values(rows).some((r) => r.id === i.id))).toBe(true);
    }
    const testMode = await search('ord-100', { live: false });
    expect(testMode.transactions.items.map((i) => i.externalTransactionId)).toEqual(['ord-1003']);
    expect((await analyst.ok<ListResult>(LIST, { a: accountId, live: true, s: 'ord-100' })).transactions.totalCount).toBe(0);
    expect((await customerSearch('maria')).customers.items.map((c) => c.id)).toEqual([customerIds.maria]);
    expect((await customerSearch('maria', false)).customers.items.map((c) => c.id)).toEqual([customerIds.testMode]);
  });

  it('pages across the branches of one search without repeats or gaps', async () => {
    // "pg-" starts an external id, a wallet, an external customer id or a customer e-mail; row 8 matches twice.
    const paged = await account('Tx Prefix Paging');
    const member = await user();
    await addMembership(t, paged, member.id, 'analyst');
    const pager = await signedIn(member);
    const pgCustomer = await customer(paged, true, 'PG-person@example.com', 'other-customer');
    const made: TransactionRow[] = [];
    for (let n = 0; n < 14; n += 1) {
      made.push(
        await buy({
          n,
          status: 'completed',
          amount: `${(n * 7) % 11}.00`,
          daysAgo: n % 5,
          account: paged,
          customer: n % 4 === 3 ? pgCustomer : null,
          externalId: n % 4 === 0 ? `pg-${n}` : `order-${n}`,
          wallet: n % 4 === 1 || n === 8 ? `pg-w${n}` : `0xw${n}`,
          externalCustomerId: n % 4 === 2 ? `pg-c${n}` : `c${n}`,
        }),
      );
    }
    // Every row above matches once or more; this one never.
    await buy({
      n: 99,
      status: 'completed',
      amount: '1.00',
      daysAgo: 0,
      account: paged,
      customer: null,
      externalId: 'nope',
      wallet: 'nope',
      externalCustomerId: 'nope',
    });
    const expected = newestFirst(made);
    for (const sort of ['createdAt_DESC', 'amount_DESC', 'amount_ASC', 'createdAt_ASC'] as const) {
      const pages: string[] = [];
      for (let skip = 0; skip < 16; skip += 4) {
        const page = await pager.ok<ListResult>(LIST, { a: paged, live: true, s: 'pg-', skip, take: 4, sort });
        expect(page.transactions).toMatchObject({ totalCount: 14, isTotalExact: true });
        pages.push(...page.transactions.items.map((i) => i.id));
      }
      expect(new Set(pages).size).toBe(14);
      if (sort === 'createdAt_DESC') expect(pages).toEqual(expected);
    }
    // Only e-mails ignore case: "PG-" finds the rows of the customer with that e-mail.
    const upper = await pager.ok<ListResult>(LIST, { a: paged, live: true, s: 'PG-', take: 50 });
    expect(upper.transactions.items.map((i) => i.id)).toEqual(newestFirst(made.filter((r) => r.customerId === pgCustomer)));
  });

  it('counts a search by the start of a value up to 1,000, a whole value up to 10,000', async () => {
    const generated = await account('Tx Prefix Count');
    await generateTransactions(t.database.pool, { accountId: generated, live: 3_000, test: 0, seed: 13 });
    const member = await user();
    await addMembership(t, generated, member.id, 'analyst');
    const counter = await signedIn(member);
    const buys = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from transactions where account_id = $1 and live_mode and kind = 'buy'`,
      [generated],
    );
    expect(buys.rows[0]!.n).toBeGreaterThan(1_000);
    const broad = await counter.ok<ListResult>(LIST, { a: generated, live: true, s: 'ext_live_', take: 5 });
    expect(broad.transactions).toMatchObject({ totalCount: 1_000, isTotalExact: false });
    expect(broad.transactions.items).toHaveLength(5);
    const customers = await counter.ok(`query($a: ID!) { customers(accountId: $a, liveMode: true, searchString: "cus_live_") { totalCount isTotalExact } }`, {
      a: generated,
    });
    expect(customers.customers.isTotalExact).toBe(customers.customers.totalCount < 1_000);
  });

  it('searches customers by the start of their e-mail or external id', async () => {
    expect((await customerSearch('mari')).customers).toMatchObject({ totalCount: 2 });
    expect((await customerSearch('MARIA.LOPEZ@example.com')).customers.items.map((c) => c.id)).toEqual([customerIds.maria]);
    expect((await customerSearch('cus_mario')).customers.items.map((c) => c.id)).toEqual([customerIds.mario]);
    expect((await customerSearch('a%b')).customers.items.map((c) => c.id)).toEqual([customerIds.literal]);
    expect((await customerSearch('lit%_')).customers.items.map((c) => c.id)).toEqual([customerIds.literal]);
    expect((await customerSearch('ma')).customers.totalCount).toBe(0);
    expect((await customerSearch(customerIds.mario!.toUpperCase())).customers.items.map((c) => c.id)).toEqual([customerIds.mario]);
  });

  it('exports the same rows as the list', async () => {
    const response = await fetch(
      `${t.baseUrl}/exports/transactions.csv?${new URLSearchParams({ accountId: searched, liveMode: 'true', kind: 'buy', searchString: 'ord-10' }).toString()}`,
      {
        headers: { cookie: client.cookie!, 'x-csrf-token': client.csrfToken },
      },
    );
    const lines = (await response.text()).trim().split('\n').slice(1);
    expect(lines.map((line) => line.split(',')[0])).toEqual(ids('ord1001', 'ord1002'));
  });

  it('bounds a prefix by its last character, incremented', () => {
    expect(prefixUpperBound('abc')).toBe('abd');
    expect(prefixUpperBound('a%')).toBe('a&');
    expect(prefixUpperBound('ab\u{10FFFF}')).toBe('ac');
    expect(prefixUpperBound('a\u{D7FF}')).toBe('a\u{E000}');
    expect(prefixUpperBound('é😀')).toBe('é😁');
    expect(prefixUpperBound('\u{10FFFF}\u{10FFFF}')).toBeNull();
    expect(searchTermOf(' ab ')).toEqual({ kind: 'exact', value: 'ab' });
    expect(searchTermOf('abc')).toEqual({ kind: 'prefix', value: 'abc' });
    expect(searchTermOf('😀😀')).toEqual({ kind: 'exact', value: '😀😀' });
    expect(searchTermOf('  ')).toBeNull();
  });
});

describe('dashboards', () => {
  const DASH = `query($a: ID!, $live: Boolean!, $c: DashboardCurrency, $r: DashboardRange, $from: String, $to: String) { dashboardData(accountId: $a, liveMode: $live, currencyCode: $c, range: $r, from: $from, to: $to) {
    from to previousFrom previousTo bucket current { volume transactionCount completedCount completionRate feesEarned averageOrder uniqueCustomers isUniqueCustomersEstimate }
    previous { transactionCount volume } changes { volume transactionCount } series { date volume transactionCount }
    statuses { status transactionCount } topCurrencies { value volume share } paymentMethods { value transactionCount completedCount } countries { value transactionCount } } }`;

  it('matches the transactions it summarises, per range, with the previous period and currency', async () => {
    const all = await t.database.pool.query<{ id: string; status: string; amount: string; created_at: Date; payment_method: string }>(
      `select id, status, amount, created_at, payment_method from transactions where account_id = $1 and live_mode and kind = 'buy'`,
      [accountId],
    );
    const today = new Date().toISOString().slice(0, 10);
    const inRange = (days: number, offset = 0) =>
      all.rows.filter((r) => {
        const age = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.created_at.toISOString().slice(0, 10)}T00:00:00Z`)) / DAY);
        return age >= offset && age < offset + days;
      });
    const week = inRange(7);
    const previousWeek = inRange(7, 7);
    const data = await analyst.ok(DASH, { a: accountId, live: true, r: 'week' });
    const completed = week.filter((r) => r.status === 'completed');
    const volume = completed.reduce((sum, r) => sum + Number(r.amount), 0);
    expect(data.dashboardData.current).toMatchObject({
      transactionCount: week.length,
      completedCount: completed.length,
      volume: volume.toFixed(2),
      feesEarned: (completed.length * 0.5).toFixed(2),
      uniqueCustomers: 1,
      isUniqueCustomersEstimate: false,
    });
    expect(data.dashboardData.previous.transactionCount).toBe(previousWeek.length);
    expect(data.dashboardData.series).toHaveLength(7);
    expect(data.dashboardData.series.reduce((sum: number, p: { transactionCount: number }) => sum + p.transactionCount, 0)).toBe(week.length);
    expect(data.dashboardData.paymentMethods.reduce((sum: number, p: { transactionCount: number }) => sum + p.transactionCount, 0)).toBe(week.length);
    const eur = await analyst.ok(DASH, { a: accountId, live: true, r: 'week', c: 'eur' });
    expect(eur.dashboardData.current.volume).toBe((volume * 0.92).toFixed(2));
    const year = await analyst.ok(DASH, { a: accountId, live: true, r: 'year' });
    expect(year.dashboardData.bucket).toBe('month');
    expect(year.dashboardData.current.transactionCount).toBe(all.rows.length);
    const test = await analyst.ok(DASH, { a: accountId, live: false, r: 'year' });
    expect(test.dashboardData.current.transactionCount).toBe(4);
    const bad = await analyst.gql(DASH, { a: accountId, live: true, r: 'custom', from: '2026-02-01' });
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
  });

  it('moves volume with status changes, in the same transaction', async () => {
    const before = (await analyst.ok(DASH, { a: accountId, live: true, r: 'day' })).dashboardData.current;
    // Now, not n seconds before the run: in the first minutes after midnight that would be yesterday, outside 'day'.
    const row = await buy({ n: 950, status: 'pending', amount: '1000.00', daysAgo: 0, createdAt: new Date() });
    const mid = (await analyst.ok(DASH, { a: accountId, live: true, r: 'day' })).dashboardData.current;
    expect(mid.transactionCount).toBe(before.transactionCount + 1);
    expect(mid.volume).toBe(before.volume);
    await t.app.services.transactions.changeStatus(row.id, 'completed');
    const after = (await analyst.ok(DASH, { a: accountId, live: true, r: 'day' })).dashboardData.current;
    expect(after.completedCount).toBe(before.completedCount + 1);
    expect(Number(after.volume) - Number(before.volume)).toBeCloseTo(1000, 2);
  });
});

describe('data generator', () => {
  it('writes both modes with their rollups, and a load that rebuilds the indexes leaves every index as it was', async () => {
    const indexes = () => t.database.pool.query(`select indexname, indexdef from pg_indexes where tablename = 'transactions' order by 1`).then((r) => r.rows);
    const before = await indexes();
    expect(before.length).toBeGreaterThan(5);
    const generated = await account('Tx Generated');
    const result = await generateTransactions(t.database.pool, { accountId: generated, live: 300, test: 100, seed: 7, buildIndexesAfter: true });
    expect(result.transactions).toBe(400);
    expect(await indexes()).toEqual(before);
    const perMode = await t.database.pool.query(`select live_mode, count(*)::int as n from transactions where account_id = $1 group by 1 order by 1`, [
      generated,
    ]);
    expect(perMode.rows).toEqual([
      { live_mode: false, n: 100 },
      { live_mode: true, n: 300 },
    ]);
    const rolled = await t.database.pool.query(`select coalesce(sum(tx_count), 0)::int as n from transaction_rollups where account_id = $1`, [generated]);
    expect(rolled.rows[0].n).toBe(400);
    // Addresses and hashes have their networks' shapes.
    const shapes = await t.database.pool.query(
      `select count(*) filter (where network_code = 'ethereum' and wallet_address !~ '^0x[0-9a-f]{40}$')::int as bad_evm,
              count(*) filter (where network_code = 'ethereum' and crypto_transaction_id is not null and crypto_transaction_id !~ '^0x[0-9a-f]{64}$')::int as bad_hash,
              count(*) filter (where network_code = 'ethereum')::int as evm
       from transactions where account_id = $1`,
      [generated],
    );
    expect(shapes.rows[0]).toMatchObject({ bad_evm: 0, bad_hash: 0 });
    expect(shapes.rows[0].evm).toBeGreaterThan(0);
  });
});

describe('monthly rollups', () => {
  it('keep the monthly breakdowns and customer sketches equal to the daily ones they summarise, through inserts and status changes', async () => {
    const old = await buy({ n: 951, status: 'pending', amount: '250.00', daysAgo: 45 });
    await t.app.services.transactions.changeStatus(old.id, 'completed');
    await buy({ n: 952, status: 'failed', amount: '75.00', daysAgo: 100 });
    const pool = t.database.pool;
    const daily = await pool.query(
      `select live_mode, kind, date_trunc('month', day)::date::text as m, dimension, value, sum(tx_count)::int as n, sum(completed_count)::int as c, sum(volume_usd)::numeric(30,8)::text as v
       from transaction_dimension_rollups where account_id = $1 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      [accountId],
    );
    const monthly = await pool.query(
      `select live_mode, kind, month::text as m, dimension, value, tx_count as n, completed_count as c, volume_usd::numeric(30,8)::text as v
       from transaction_dimension_monthly_rollups where account_id = $1 order by 1, 2, 3, 4, 5`,
      [accountId],
    );
    expect(monthly.rows.length).toBeGreaterThan(0);
    expect(monthly.rows).toEqual(daily.rows);
    const dailySketches = await pool.query(
      `select live_mode, kind, m, (array_agg(distinct h order by h))[1:128] as hashes
       from (select live_mode, kind, date_trunc('month', day)::date::text as m, h from transaction_customer_sketches, unnest(hashes) as h where account_id = $1) t
       group by 1, 2, 3 order by 1, 2, 3`,
      [accountId],
    );
    const monthlySketches = await pool.query(
      `select live_mode, kind, month::text as m, hashes from transaction_customer_monthly_sketches where account_id = $1 order by 1, 2, 3`,
      [accountId],
    );
    expect(monthlySketches.rows).toEqual(dailySketches.rows);
  });
});

describe('CSV export', () => {
  const exportUrl = (params: Record<string, string>) => `${t.baseUrl}/exports/transactions.csv?${new URLSearchParams(params).toString()}`;
  const get = (client: ApiClient | null, params: Record<string, string>) =>
    fetch(exportUrl(params), { headers: client ? { cookie: client.cookie!, 'x-csrf-token': client.csrfToken } : {} });

  it('streams the filtered view as CSV, for members allowed to export', async () => {
    const response = await get(analyst, { accountId, liveMode: 'true', kind: 'buy', status: 'failed,pending', minAmount: '20' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await response.text()).trim().split('\n');
    expect(lines[0]).toMatch(/^id,created_at,updated_at,kind,type,status/);
    const expected = await t.database.pool.query<{ id: string }>(
      `select id from transactions where account_id = $1 and live_mode and kind = 'buy' and status in ('failed', 'pending') and amount >= 20 order by created_at desc, id desc`,
      [accountId],
    );
    expect(expected.rows.length).toBeGreaterThan(3);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected.rows.map((r) => r.id));
  });

  it('neutralises a formula in every text column, including a leading tab or carriage return (OWASP CSV injection)', async () => {
    const exportAccount = await account('Tx Csv Injection');
    const member = await user();
    await addMembership(t, exportAccount, member.id, 'analyst');
    const prefixes = ['=', '+', '-', '@', '\t', '\r'];
    const textColumns = [
      'balance_type',
      'status',
      'failure_reason',
      'base_currency_code',
      'quote_currency_code',
      'payment_method',
      'country',
      'wallet_address',
      'crypto_transaction_id',
      'external_transaction_id',
      'external_customer_id',
    ];
    for (const prefix of prefixes) {
      const value = `${prefix}HYPERLINK("http://127.0.0.1/x")`;
      await t.database.pool.query(
        `insert into transactions (account_id, live_mode, kind, ${textColumns.join(', ')}, fiat_currency_code, amount, base_currency_amount, usd_rate, eur_rate, gbp_rate)
         values ($1, true, 'balance', ${textColumns.map(() => '$2').join(', ')}, 'usd', 1, 1, 1, 1, 1)`,
        [exportAccount, value],
      );
    }
    const response = await get(await signedIn(member), { accountId: exportAccount, liveMode: 'true', kind: 'balance' });
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text());
    expect(rows).toHaveLength(prefixes.length);
    // The export names balance_type "type"; every other column keeps its name.
    const exported = textColumns.map((column) => (column === 'balance_type' ? 'type' : column));
    for (const row of rows) {
      for (const column of exported) {
        const cell = row[header!.indexOf(column)]!;
        expect(cell, column).toMatch(/^'[=+\-@\t\r]HYPERLINK/);
      }
    }
  });

  it('refuses visitors, a missing CSRF header, other accounts, roles without export and bad filters', async () => {
    expect((await get(null, { accountId, liveMode: 'true' })).status).toBe(401);
    expect((await fetch(exportUrl({ accountId, liveMode: 'true' }), { headers: { cookie: analyst.cookie! } })).status).toBe(401);
    expect((await get(analyst, { accountId: otherAccountId, liveMode: 'true' })).status).toBe(403);
    const support = await user();
    await addMembership(t, accountId, support.id, 'support_specialist');
    expect((await get(await signedIn(support), { accountId, liveMode: 'true' })).status).toBe(403);
    const bad = await get(analyst, { accountId, liveMode: 'true', minAmount: "1'; drop table transactions; --" });
    expect(bad.status).toBe(400);
    const injection = await get(analyst, { accountId, liveMode: 'true', searchString: "x' or '1'='1" });
    expect(injection.status).toBe(200);
    expect((await injection.text()).trim().split('\n')).toHaveLength(1);
  });
});
