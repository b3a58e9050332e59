import { parseCrontab } from 'graphile-worker';
import { describe, expect, it } from 'vitest';
import { CRONTAB } from '../../jobs/worker.ts';
import type { RequestLogEntry } from './developers.service.ts';
import { errorCode, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInMember, signedInUser } from '../../../test/accounts-helper.ts';

const t = useTestApp();

const KEY_FIELDS = 'id type name secret liveMode lastUsedAt canReveal restrictions { resource access }';
const KEYS = `query($a: ID!, $l: Boolean!) { apiKeys(accountId: $a, liveMode: $l) { ${KEY_FIELDS} } }`;
const CREATE = `mutation($a: ID!, $l: Boolean!, $name: String!, $r: [ApiKeyRestrictionInput!]) { createApiKey(accountId: $a, liveMode: $l, name: $name, restrictions: $r) { ${KEY_FIELDS} } }`;
const REVEAL = 'mutation($id: ID!) { revealApiKey(id: $id) }';
const DELETE = 'mutation($id: ID!) { deleteApiKey(id: $id) }';
const RENAME = `mutation($id: ID!, $name: String!) { renameApiKey(id: $id, name: $name) { ${KEY_FIELDS} } }`;
const ROLL = `mutation($id: ID!) { rollApiKey(id: $id, deleteOldKeyNow: true) { ${KEY_FIELDS} } }`;
const REQUESTS = `query($a: ID!, $l: Boolean!, $key: ID, $method: String, $status: ApiStatusClass, $path: String, $from: DateTime, $to: DateTime, $first: Int, $after: String) {
  apiRequests(accountId: $a, liveMode: $l, apiKeyId: $key, method: $method, statusClass: $status, pathPrefix: $path, from: $from, to: $to, first: $first, after: $after) {
    items { id createdAt method path status latencyMs requestId ipAddress apiKey { id name type } }
    nextCursor
  }
}`;

interface Key {
  id: string;
  type: string;
  name: string | null;
  secret: string;
  lastUsedAt: string | null;
  canReveal: boolean;
  restrictions: Array<{ resource: string; access: string }> | null;
}
interface LoggedRequest extends RequestLogEntry {
  id: string;
  apiKey: { id: string; name: string | null; type: string };
}

function call(method: string, path: string, key: string, body?: unknown) {
  return fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { authorization: `Api-Key ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function requests(member: Awaited<ReturnType<typeof accountWithMember>>, variables: Record<string, unknown> = {}) {
  return (await member.client.ok(REQUESTS, { a: member.accountId, l: false, ...variables })).apiRequests as {
    items: LoggedRequest[];
    nextCursor: string | null;
  };
}

/** The log is written after the response: wait until `count` rows are there. */
async function loggedRequests(member: Awaited<ReturnType<typeof accountWithMember>>, count: number) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const page = await requests(member, { first: 100 });
    if (page.items.length >= count) return page.items;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} requests were logged`);
}

describe('named and restricted API keys', () => {
  it('a restricted key reads only what it was given, write implies read, and every request is logged with its status', async () => {
    const member = await accountWithMember(t, { verified: true });
    const created = (
      await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Reporting job', r: [{ resource: 'transactions', access: 'read' }] })
    ).createApiKey as Key;
    expect(created.type).toBe('restricted');
    expect(created.secret).toMatch(/^rk_test_[A-Za-z0-9]{32}$/);
    expect(created.name).toBe('Reporting job');
    expect(created.restrictions).toEqual([{ resource: 'transactions', access: 'read' }]);
    expect(created.lastUsedAt).toBeNull();

    expect((await call('GET', '/v1/transactions?externalCustomerId=someone%40example.com', created.secret)).status).toBe(200);
    const customers = await call('GET', '/v1/customers?externalCustomerId=x', created.secret);
    expect(customers.status).toBe(403);
    expect(await customers.json()).toEqual({
      error: {
        type: 'permission_error',
        code: 'api_key_restricted',
        message: 'This restricted key cannot read customers. Give it Read access to Customers under Developers → API keys.',
        request_id: customers.headers.get('request-id'),
      },
    });
    const write = await call('POST', '/v1/test/transactions', created.secret, { kind: 'buy', cryptoCurrencyCode: 'eth' });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { error: { message: string } }).error.message).toBe(
      'This restricted key cannot write transactions. Give it Write access to Transactions under Developers → API keys.',
    );
    // An unknown route is a 404 for any key, restricted or not.
    expect((await call('GET', '/v1/nothing-here', created.secret)).status).toBe(404);

    const writer = (
      await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Test data seeder', r: [{ resource: 'transactions', access: 'write' }] })
    ).createApiKey as Key;
    const made = await call('POST', '/v1/test/transactions', writer.secret, { kind: 'buy', cryptoCurrencyCode: 'eth', amount: '100', fiatCurrencyCode: 'eur' });
    expect(made.status).toBe(201);
    expect((await call('GET', '/v1/transactions', writer.secret)).status).toBe(200);

    const logged = await loggedRequests(member, 6);
    // Newest first; the query string (which held an e-mail) is not kept.
    expect(logged.map((row) => [row.method, row.path, row.status])).toEqual([
      ['GET', '/v1/transactions', 200],
      ['POST', '/v1/test/transactions', 201],
      ['GET', '/v1/nothing-here', 404],
      ['POST', '/v1/test/transactions', 403],
      ['GET', '/v1/customers', 403],
      ['GET', '/v1/transactions', 200],
    ]);
    expect(logged[5]!.apiKey).toEqual({ id: created.id, name: 'Reporting job', type: 'restricted' });
    expect(logged[0]!.apiKey.id).toBe(writer.id);
    for (const row of logged) {
      expect(row.latencyMs).toBeGreaterThanOrEqual(0);
      expect(row.latencyMs).toBeLessThan(10_000);
      expect(row.requestId).toBeTruthy();
      expect(row.ipAddress).toBeTruthy();
    }

    // Filters: status class, method, path prefix, key, date range; and keyset pages.
    expect((await requests(member, { status: 'ClientError' })).items.map((row) => row.status)).toEqual([404, 403, 403]);
    expect((await requests(member, { status: 'Success', method: 'POST' })).items.map((row) => row.status)).toEqual([201]);
    expect((await requests(member, { path: '/v1/cust' })).items.map((row) => row.path)).toEqual(['/v1/customers']);
    expect((await requests(member, { path: '/v1/%' })).items).toEqual([]);
    expect((await requests(member, { key: created.id })).items).toHaveLength(4);
    expect((await requests(member, { from: new Date(Date.now() + 60_000).toISOString() })).items).toEqual([]);
    expect((await requests(member, { to: new Date(Date.now() - 3_600_000).toISOString() })).items).toEqual([]);
    const first = await requests(member, { first: 4 });
    expect(first.items).toHaveLength(4);
    const second = await requests(member, { first: 4, after: first.nextCursor });
    expect(second.items.map((row) => row.id)).toEqual(logged.slice(4).map((row) => row.id));
    expect(second.nextCursor).toBeNull();
    expect(errorCode(await member.client.gql(REQUESTS, { a: member.accountId, l: false, after: 'garbage' }))).toBe('BAD_USER_INPUT');
    expect(errorCode(await member.client.gql(REQUESTS, { a: member.accountId, l: false, first: 1000 }))).toBe('BAD_USER_INPUT');

    // Last use is recorded (after the response, like the log).
    const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Key[];
    expect(keys.find((key) => key.id === created.id)!.lastUsedAt).not.toBeNull();
  });

  it('rolling a restricted key keeps its name and scope; deleting revokes it at once', async () => {
    const member = await accountWithMember(t, { verified: true });
    const created = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Support tool', r: [{ resource: 'customers', access: 'read' }] }))
      .createApiKey as Key;
    const rolled = (await member.client.ok(ROLL, { id: created.id })).rollApiKey as Key;
    expect(rolled.secret).toMatch(/^rk_test_/);
    expect(rolled.name).toBe('Support tool');
    expect(rolled.restrictions).toEqual([{ resource: 'customers', access: 'read' }]);
    expect((await call('GET', '/v1/customers?externalCustomerId=nobody', rolled.secret)).status).toBe(404);
    expect((await call('GET', '/v1/transactions', rolled.secret)).status).toBe(403);
    expect((await call('GET', '/v1/transactions', created.secret)).status).toBe(401);

    const renamed = (await member.client.ok(RENAME, { id: rolled.id, name: '  Support console  ' })).renameApiKey as Key;
    expect(renamed.name).toBe('Support console');
    expect(await member.client.ok(DELETE, { id: rolled.id })).toEqual({ deleteApiKey: true });
    expect((await call('GET', '/v1/customers?externalCustomerId=nobody', rolled.secret)).status).toBe(401);
    const keys = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Key[];
    expect(keys.some((key) => key.id === rolled.id)).toBe(false);
    // The log's key filter still names stopped keys (their requests stay 30 days), and creates nothing.
    const named = (await member.client.ok('query($a: ID!) { apiRequestKeys(accountId: $a, liveMode: false) { id type } }', { a: member.accountId }))
      .apiRequestKeys as Key[];
    expect(named.map((key) => key.id)).toEqual(expect.arrayContaining([created.id, rolled.id]));
    expect(named.every((key) => key.type === 'secret' || key.type === 'restricted')).toBe(true);
  });

  it('staff roll a partner’s compromised key with a reason: the old key is refused, the administrators are e-mailed, the trail names the staff', async () => {
    const member = await accountWithMember(t, { verified: true, name: 'Leaky' });
    const developer = await signedInMember(t, member.accountId, 'developer');
    const created = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Leaked in a repo' })).createApiKey as Key;
    const engineer = await signedInUser(t, { adminRole: 'Engineer' });
    const STAFF_ROLL = `mutation($id: ID!, $reason: String) { rollApiKey(id: $id, deleteOldKeyNow: true, reason: $reason) { ${KEY_FIELDS} } }`;

    // Staff give a reason (partners need not); without one nothing changes.
    expect((await engineer.client.gql(STAFF_ROLL, { id: created.id })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { reason: expect.stringContaining('administrators are e-mailed') },
    });
    expect((await call('GET', '/v1/transactions', created.secret)).status).toBe(200);
    // A support agent who may only view keys is refused.
    const tier2 = await signedInUser(t, { adminRole: 'SupportAgentTier2' });
    expect(errorCode(await tier2.client.gql(STAFF_ROLL, { id: created.id, reason: 'x' }))).toBe('FORBIDDEN_ERROR');

    const rolled = (await engineer.client.ok(STAFF_ROLL, { id: created.id, reason: 'Found in a public GitHub repository' })).rollApiKey as Key;
    expect(rolled.name).toBe('Leaked in a repo');
    expect(rolled.secret).toContain('•'); // staff never see the partner's new secret
    expect((await call('GET', '/v1/transactions', created.secret)).status).toBe(401);

    const mail = await t.smtp.waitFor(member.email, /rolled by Rampart staff/);
    expect(mail.subject).toBe('An API key of Leaky was rolled by Rampart staff');
    expect(mail.text).toContain('Reason: Found in a public GitHub repository');
    expect(mail.text).toContain('secret test key');
    expect(mail.text).toContain('Leaked in a repo');
    expect(t.smtp.messages.some((m) => m.to === developer.email)).toBe(false); // administrators only

    const audit = await t.database.pool.query(
      `select via_staff, actor_role, account_id, changes from audit_events where operation = 'rollApiKey' and actor_user_id = $1 and outcome = 'success'`,
      [engineer.userId],
    );
    expect(audit.rows).toEqual([
      expect.objectContaining({
        via_staff: true,
        actor_role: 'Engineer',
        account_id: member.accountId,
        changes: expect.objectContaining({ reason: 'Found in a public GitHub repository' }),
      }),
    ]);
    expect(t.app.services.audit.describe({ operation: 'rollApiKey', kind: 'mutation', changes: audit.rows[0].changes })).toBe(
      'Rolled the secret test key “Leaked in a repo” (reason: Found in a public GitHub repository)',
    );
  });

  it('several named secret keys per mode; the last standard one cannot be deleted; limits and names are checked', async () => {
    const member = await accountWithMember(t, { verified: true });
    const initial = (await member.client.ok(KEYS, { a: member.accountId, l: false })).apiKeys as Key[];
    const defaultSecret = initial.find((key) => key.type === 'secret')!;
    expect(defaultSecret.name).toBeNull();
    const backend = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Backend' })).createApiKey as Key;
    expect(backend.type).toBe('secret');
    expect(backend.secret).toMatch(/^sk_test_/);
    expect(backend.restrictions).toBeNull();
    expect((await call('GET', '/v1/customers?externalCustomerId=nobody', backend.secret)).status).toBe(404);

    expect(await member.client.ok(DELETE, { id: defaultSecret.id })).toEqual({ deleteApiKey: true });
    const last = await member.client.gql(DELETE, { id: backend.id });
    expect(errorCode(last)).toBe('CONFLICT');
    expect(last.errors![0]!.message).toMatch(/only secret key of this mode: roll it instead/);
    const publishable = initial.find((key) => key.type === 'publishable')!;
    expect(errorCode(await member.client.gql(DELETE, { id: publishable.id }))).toBe('BAD_USER_INPUT');

    for (const [name, restrictions, field] of [
      ['', null, 'name'],
      ['x'.repeat(61), null, 'name'],
      ['Tab\tname', null, 'name'],
      ['Nothing allowed', [], 'restrictions'],
      ['Unknown', [{ resource: 'payouts', access: 'read' }], 'restrictions'],
      [
        'Twice',
        [
          { resource: 'customers', access: 'read' },
          { resource: 'customers', access: 'read' },
        ],
        'restrictions',
      ],
      ['Read-only resource', [{ resource: 'customers', access: 'write' }], 'restrictions'],
    ] as const) {
      const result = await member.client.gql(CREATE, { a: member.accountId, l: false, name, r: restrictions });
      expect(errorCode(result), name).toBe('BAD_USER_INPUT');
      expect(Object.keys((result.errors![0]!.extensions as { fields: Record<string, string> }).fields), name).toEqual([field]);
    }

    // 20 secret and restricted keys per mode: one (backend) exists.
    for (let index = 0; index < 19; index += 1) {
      await member.client.ok(CREATE, { a: member.accountId, l: false, name: `Key ${index}`, r: [{ resource: 'customers', access: 'read' }] });
    }
    const over = await member.client.gql(CREATE, { a: member.accountId, l: false, name: 'One too many' });
    expect(errorCode(over)).toBe('CONFLICT');
    expect(over.errors![0]!.message).toMatch(/at most 20 secret and restricted keys/);
    // The live mode counts on its own.
    expect(((await member.client.ok(CREATE, { a: member.accountId, l: true, name: 'Live backend' })).createApiKey as Key).secret).toMatch(/^sk_live_/);
  });

  it('refuses bidirectional controls in names, for every argument called name (the GraphQL input guard)', async () => {
    const member = await accountWithMember(t);
    const message = 'This cannot contain bidirectional control characters (such as U+202E), which change how the text is shown.';
    const created = await member.client.gql(CREATE, { a: member.accountId, l: false, name: 'Backup\u202Egnp.exe' });
    expect(errorCode(created)).toBe('BAD_USER_INPUT');
    expect(created.errors![0]!.extensions!.fields).toEqual({ name: message });
    const key = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Reporting' })).createApiKey as Key;
    const renamed = await member.client.gql(RENAME, { id: key.id, name: 'Report\u2066ing' });
    expect(renamed.errors![0]!.extensions!.fields).toEqual({ name: message });
    // Nested input fields ending in "Name" too, such as an account's name.
    const onboarding = await member.client.gql('mutation($a: ID!, $i: OnboardingInfoInput!) { updateOnboardingInfo(accountId: $a, input: $i) { id } }', {
      a: member.accountId,
      i: {
        accountName: 'Shop\u202E',
        legalName: 'Shop Ltd',
        country: 'GB',
        industry: 'Retail',
        websiteUrls: [],
        productInterests: [],
        expectedMonthlyVolume: '0-10k',
      },
    });
    expect(onboarding.errors![0]!.extensions!.fields).toEqual({ 'input.accountName': message });
    const names = await t.database.pool.query(`select name from api_keys where account_id = $1 and name is not null`, [member.accountId]);
    expect(names.rows.map((row) => row.name)).toEqual(['Reporting']);
  });

  it('reveals test keys again, never live keys, nor keys created before encryption at rest', async () => {
    const member = await accountWithMember(t, { verified: true });
    const test = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Revealable', r: [{ resource: 'transactions', access: 'read' }] }))
      .createApiKey as Key;
    expect(test.canReveal).toBe(true);
    expect((await member.client.ok(REVEAL, { id: test.id })).revealApiKey).toBe(test.secret);
    const live = (await member.client.ok(CREATE, { a: member.accountId, l: true, name: 'Live' })).createApiKey as Key;
    expect(live.canReveal).toBe(false);
    const refused = await member.client.gql(REVEAL, { id: live.id });
    expect(errorCode(refused)).toBe('FORBIDDEN_ERROR');
    expect(refused.errors![0]!.message).toMatch(/Live keys are shown only once/);
    await t.database.pool.query('update api_keys set secret_ciphertext = null where id = $1', [test.id]);
    const old = await member.client.gql(REVEAL, { id: test.id });
    expect(errorCode(old)).toBe('CONFLICT');
    expect(old.errors![0]!.message).toMatch(/created before secret keys were kept encrypted/);
    // The reveal is an audited action.
    const audit = await t.database.pool.query(
      `select count(*)::int as n from audit_events where account_id = $1 and operation = 'revealApiKey' and outcome = 'success'`,
      [member.accountId],
    );
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(1);
  });

  it('keeps accounts apart: another account sees neither the keys nor the log, and cannot manage them', async () => {
    const a = await accountWithMember(t, { verified: true });
    const b = await accountWithMember(t, { verified: true });
    const key = (await a.client.ok(CREATE, { a: a.accountId, l: false, name: 'Private', r: [{ resource: 'transactions', access: 'read' }] }))
      .createApiKey as Key;
    expect((await call('GET', '/v1/transactions', key.secret)).status).toBe(200);
    await loggedRequests(a, 1);
    expect(errorCode(await b.client.gql(REQUESTS, { a: a.accountId, l: false }))).toBe('FORBIDDEN_ERROR');
    // Its own log, filtered by the other account's key id, is empty.
    expect((await requests(b, { key: key.id })).items).toEqual([]);
    for (const [query, variables] of [
      [REVEAL, { id: key.id }],
      [DELETE, { id: key.id }],
      [RENAME, { id: key.id, name: 'Mine now' }],
      [ROLL, { id: key.id }],
    ] as const) {
      expect(errorCode(await b.client.gql(query, variables))).toBe('FORBIDDEN_ERROR');
    }
    // An analyst may not read keys or the log.
    const analyst = await accountWithMember(t, { role: 'analyst' });
    expect(errorCode(await analyst.client.gql(REQUESTS, { a: analyst.accountId, l: false }))).toBe('FORBIDDEN_ERROR');
  });

  it('keeps 30 days of requests: the daily job deletes older rows', async () => {
    const member = await accountWithMember(t, { verified: true });
    const key = (await member.client.ok(CREATE, { a: member.accountId, l: false, name: 'Old traffic' })).createApiKey as Key;
    await t.database.pool.query(
      `insert into api_request_log (account_id, api_key_id, live_mode, method, path, status, latency_ms, created_at)
       select $1, $2, false, 'GET', '/v1/transactions', 200, 12, now() - make_interval(days => d) from unnest(array[1, 29, 31, 45]) as d`,
      [member.accountId, key.id],
    );
    expect(await t.app.services.developers.purgeOldRequests()).toBeGreaterThanOrEqual(2);
    const left = await t.database.pool.query<{ days: number }>(
      `select extract(day from now() - created_at)::int as days from api_request_log where api_key_id = $1 order by created_at desc`,
      [key.id],
    );
    expect(left.rows.map((row) => row.days)).toEqual([1, 29]);
    const [item] = parseCrontab(CRONTAB);
    expect(item!.task).toBe('api_request_log_retention');
  });
});

// Signed widget URLs (issue 36): signed with the account's secret key, checked by the widget's own rules first.
const SIGN = 'mutation($a: ID!, $u: String!) { generateSignedUrl(accountId: $a, liveMode: false, url: $u) { url signature } }';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const XRP = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

async function built(accountId: string) {
  const flags = await t.database.pool.query(`select onboarding_info->>'isWidgetUrlBuilt' as built from accounts where id = $1`, [accountId]);
  const audit = await t.database.pool.query(`select 1 from audit_events where operation = 'generateSignedUrl' and outcome = 'success' and account_id = $1`, [
    accountId,
  ]);
  return { built: flags.rows[0].built === 'true', audited: audit.rowCount };
}

describe('generateSignedUrl checks what it signs', () => {
  it('refuses a parameter the widget would refuse, by parameter, and changes nothing; signs valid ones', async () => {
    const p = await accountWithMember(t, { name: 'Signing Shop' });
    const base = `${t.baseUrl}/widget/buy?apiKey=pk_test_x`;
    const refused = async (query: string) => {
      const result = await p.client.gql(SIGN, { a: p.accountId, u: `${base}&${query}` });
      expect(errorCode(result), query).toBe('BAD_USER_INPUT');
      return result.errors![0]!.extensions!.fields as Record<string, string>;
    };

    expect(await refused('currencyCode=btc&walletAddress=not-a-wallet')).toEqual({
      walletAddress: 'This is not a Bitcoin address. Check that you copied all of it and that it is for BTC on Bitcoin.',
    });
    expect(await refused(`currencyCode=btc&walletAddress=${ETH}`)).toHaveProperty('walletAddress');
    expect(await refused('walletAddress=not-a-wallet')).toEqual({ walletAddress: expect.stringContaining('fits none of the assets') });
    expect(await refused(`currencyCode=btc&walletAddress=${BTC}&walletAddressTag=123`)).toEqual({
      walletAddressTag: 'BTC on Bitcoin has no destination tag or memo: leave it out.',
    });
    expect(await refused('currencyCode=notacoin')).toEqual({ currencyCode: expect.stringContaining('NOTACOIN is not offered for buying') });
    expect(await refused('baseCurrencyCode=xyz')).toHaveProperty('baseCurrencyCode');
    expect(await refused('baseCurrencyAmount=10.555')).toEqual({ baseCurrencyAmount: 'USD amounts have at most 2 decimals.' });
    expect(await refused('baseCurrencyAmount=0')).toEqual({ baseCurrencyAmount: 'Enter an amount above zero.' });
    expect(await refused('email=nope')).toHaveProperty('email');
    // A sell's amount is of the asset sold; a swap's address is of the asset received.
    const sell = await p.client.gql(SIGN, { a: p.accountId, u: `${t.baseUrl}/widget/sell?apiKey=pk_test_x&currencyCode=btc&baseCurrencyAmount=0.123456789` });
    expect(sell.errors![0]!.extensions!.fields).toEqual({ baseCurrencyAmount: 'BTC amounts have at most 8 decimals.' });
    const swap = await p.client.gql(SIGN, {
      a: p.accountId,
      u: `${t.baseUrl}/widget/swap?apiKey=pk_test_x&currencyCode=eth&quoteCurrencyCode=btc&walletAddress=${ETH}`,
    });
    expect(swap.errors![0]!.extensions!.fields).toHaveProperty('walletAddress');

    // Staff's card bounds: an amount no region's card payment takes is refused.
    await t.database.pool.query(
      `insert into payment_method_settings (account_id, payment_method, region, is_enabled, min_amount, max_amount) values ($1, 'creditCard', 'Global', true, 20, 5000)`,
      [p.accountId],
    );
    expect(await refused('baseCurrencyAmount=10')).toEqual({ baseCurrencyAmount: 'A card payment is at least 20 USD for this account.' });
    expect(await refused('baseCurrencyCode=eur&baseCurrencyAmount=9000')).toEqual({
      baseCurrencyAmount: 'A card payment is at most 5000 EUR for this account.',
    });
    expect(await built(p.accountId)).toEqual({ built: false, audited: 0 });

    for (const query of [
      `currencyCode=btc&walletAddress=${BTC}&baseCurrencyAmount=100`,
      `walletAddress=${ETH}&email=ada%40example.com`,
      `currencyCode=xrp&walletAddress=${XRP}&walletAddressTag=123456`,
    ]) {
      const signed = (await p.client.ok(SIGN, { a: p.accountId, u: `${base}&${query}` })).generateSignedUrl as { url: string };
      expect(signed.url).toContain(query);
    }
    expect(await built(p.accountId)).toEqual({ built: true, audited: 3 });
  });
});
