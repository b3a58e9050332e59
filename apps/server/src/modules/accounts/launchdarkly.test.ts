import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember, addMembership, signedInUser } from '../../../test/accounts-helper.ts';
import { booleanFlag, startFakeLaunchDarkly } from '../../../test/fakes/fake-launchdarkly.ts';
import { LAUNCHDARKLY_FLAGS_MESSAGE } from '../feature-flags/feature-flags.service.ts';

// With LAUNCHDARKLY_SDK_KEY set, partners' flags come from LaunchDarkly (a fake of its server-side endpoints on
// loopback) through its OpenFeature provider, evaluated for the spec's contexts; the database's staff edits are refused.

const SDK_KEY = 'sdk-00000000-1111-2222-3333-444444444444';
const EVALUATED = 'query($a: ID) { featureFlags(accountId: $a) { key enabled } }';

let ld: Awaited<ReturnType<typeof startFakeLaunchDarkly>>;
let t: TestApp;
// The targeted account's id is chosen here, so LaunchDarkly's flags can name it before the app starts and streams them.
const TARGETED_ACCOUNT_ID = crypto.randomUUID();
const TARGETED_ORGANIZATION = `Targeted ${crypto.randomUUID().slice(0, 8)} Ltd`;
let targeted: Awaited<ReturnType<typeof signedInUser>> & { accountId: string; organizationId: string };

beforeAll(async () => {
  ld = await startFakeLaunchDarkly({
    sdkKey: SDK_KEY,
    flags: [
      // Off in LaunchDarkly: its off variation (false) over the code's default (true).
      booleanFlag('analytics-dashboards', { on: false }),
      // Individually targeted: the account context's key.
      booleanFlag('passes', { fallthrough: true, targets: [{ contextKind: 'account', values: [TARGETED_ACCOUNT_ID], value: false }] }),
      // A rule on the organization context's name.
      booleanFlag('helio-commerce', {
        fallthrough: true,
        rules: [{ clauses: [{ contextKind: 'organization', attribute: 'name', op: 'in', values: [TARGETED_ORGANIZATION] }], value: false }],
      }),
      // quarterly-review is not in LaunchDarkly: the code's default (true) answers.
    ],
  });
  t = await startTestApp({
    LAUNCHDARKLY_SDK_KEY: SDK_KEY,
    LAUNCHDARKLY_BASE_URI: ld.url,
    LAUNCHDARKLY_STREAM_URI: ld.url,
    LAUNCHDARKLY_EVENTS_URI: ld.url,
  });
  const user = await signedInUser(t);
  const organization = await t.database.pool.query<{ id: string }>(`insert into organizations (name, owner_id) values ($1, $2) returning id`, [
    TARGETED_ORGANIZATION,
    user.userId,
  ]);
  await t.database.pool.query(`insert into accounts (id, organization_id, name) values ($1, $2, 'Targeted')`, [TARGETED_ACCOUNT_ID, organization.rows[0]!.id]);
  await addMembership(t, TARGETED_ACCOUNT_ID, user.userId, 'administrator');
  targeted = { ...user, accountId: TARGETED_ACCOUNT_ID, organizationId: organization.rows[0]!.id };
});
afterAll(async () => {
  await t?.close();
  await ld?.close();
});

const byKey = (flags: Array<{ key: string; enabled: boolean }>) => Object.fromEntries(flags.map((flag) => [flag.key, flag.enabled]));

describe('feature flags from LaunchDarkly (LAUNCHDARKLY_SDK_KEY)', () => {
  it('serves the flags LaunchDarkly streams, targeted by the spec’s multi-context, and reports that context in its events', async () => {
    const other = await accountWithMember(t, { name: 'Other' });
    expect(t.app.services.accounts.flags.source).toBe('launchdarkly');

    const targetedFlags = (await targeted.client.ok(EVALUATED, { a: targeted.accountId })).featureFlags;
    expect(byKey(targetedFlags)).toEqual({ 'analytics-dashboards': false, 'helio-commerce': false, passes: false, 'quarterly-review': true });
    const otherFlags = (await other.client.ok(EVALUATED, { a: other.accountId })).featureFlags;
    expect(byKey(otherFlags)).toEqual({ 'analytics-dashboards': false, 'helio-commerce': true, passes: true, 'quarterly-review': true });
    // No account named: the user context alone, which no account or organization targeting matches.
    expect(byKey((await targeted.client.ok(EVALUATED)).featureFlags)).toMatchObject({ passes: true, 'helio-commerce': true });

    // The SDK streamed (GET /all) with the SDK key.
    const stream = ld.requests.find((request) => request.path === '/all');
    expect(stream).toMatchObject({ method: 'GET', authorization: SDK_KEY });
    expect(stream!.userAgent).toMatch(/^NodeJSClient\//);

    await t.app.services.accounts.flags.flushEvents();
    const contexts = (await ld.eventsWhere((events) => events.filter((event) => event.kind === 'index').length >= 3))
      .filter((event) => event.kind === 'index')
      .map((event) => event.context);
    const { rows } = await t.database.pool.query<{ is_self_service: boolean }>('select is_self_service from accounts where id = $1', [targeted.accountId]);
    expect(contexts).toContainEqual({
      kind: 'multi',
      user: { key: targeted.userId, email: targeted.email },
      account: { key: targeted.accountId, name: 'Targeted', isSelfService: rows[0]!.is_self_service },
      organization: { key: targeted.organizationId, name: TARGETED_ORGANIZATION },
    });
    expect(contexts).toContainEqual({ kind: 'user', key: targeted.userId, email: targeted.email });
    expect(ld.requests.find((request) => request.path === '/bulk')?.authorization).toBe(SDK_KEY);
  });

  it('staff may not set flags in Rampart while LaunchDarkly serves them', async () => {
    const engineer = await signedInUser(t, { adminRole: 'Engineer' });
    const result = await engineer.client.gql(
      'mutation($flag: String!, $a: ID, $enabled: Boolean, $reason: String!) { setFeatureFlag(flag: $flag, accountId: $a, enabled: $enabled, reason: $reason) { key } }',
      { flag: 'passes', a: targeted.accountId, enabled: true, reason: 'Pilot account' },
    );
    expect(errorCode(result)).toBe('CONFLICT');
    expect(result.errors![0]!.message).toBe(LAUNCHDARKLY_FLAGS_MESSAGE);
    const { rows } = await t.database.pool.query<{ rules: unknown[] }>(`select rules from feature_flags where key = 'passes'`);
    expect(JSON.stringify(rows[0]!.rules)).not.toContain(targeted.accountId);
  });
});
