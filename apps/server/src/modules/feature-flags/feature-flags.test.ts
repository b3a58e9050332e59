import { describe, expect, it } from 'vitest';
import { errorCode, useTestApp } from '../../../test/harness.ts';
import { accountWithMember, signedInUser } from '../../../test/accounts-helper.ts';

// The default cache (5 s): the partner sees a staff edit at once because the edit empties this process's cache.
const t = useTestApp();

const FLAGS = 'query { staffFeatureFlags { key defaultValue overrides { contextKind contextKey contextName enabled } } }';
const SET = `mutation($flag: String!, $o: ID, $a: ID, $enabled: Boolean, $reason: String!) {
  setFeatureFlag(flag: $flag, organizationId: $o, accountId: $a, enabled: $enabled, reason: $reason) { key defaultValue overrides { contextKind contextKey contextName enabled } }
}`;
const EVALUATED = 'query($a: ID) { featureFlags(accountId: $a) { key enabled } }';

describe('feature flags staff edit per organization and account', () => {
  it('an Engineer sets organization and account values; the partner’s evaluated flags follow, account over organization', async () => {
    const partner = await accountWithMember(t, { name: 'Flagged' });
    const sibling = await t.database.pool.query<{ id: string }>(`insert into accounts (organization_id, name) values ($1, 'Flagged EU') returning id`, [
      partner.organizationId,
    ]);
    const engineer = await signedInUser(t, { adminRole: 'Engineer' });
    const passes = async (accountId = partner.accountId) =>
      ((await partner.client.ok(EVALUATED, { a: accountId })).featureFlags as Array<{ key: string; enabled: boolean }>).find((f) => f.key === 'passes')
        ?.enabled;

    expect(await passes()).toBe(true); // the default, now cached by the provider

    await engineer.client.ok(SET, { flag: 'passes', o: partner.organizationId, enabled: false, reason: 'Passes paused for this partner' });
    expect(await passes()).toBe(false);

    const set = await engineer.client.ok(SET, { flag: 'passes', a: partner.accountId, enabled: true, reason: 'Pilot account' });
    expect(set.setFeatureFlag.overrides).toEqual([
      { contextKind: 'account', contextKey: partner.accountId, contextName: 'Flagged', enabled: true },
      { contextKind: 'organization', contextKey: partner.organizationId, contextName: 'Flagged Ltd', enabled: false },
    ]);
    expect(await passes()).toBe(true); // the account's value over its organization's
    // A staff member (who may read any account) sees the sibling account follow the organization.
    const siblingFlags = (await engineer.client.ok(EVALUATED, { a: sibling.rows[0]!.id })).featureFlags as Array<{ key: string; enabled: boolean }>;
    expect(siblingFlags.find((f) => f.key === 'passes')?.enabled).toBe(false);

    await engineer.client.ok(SET, { flag: 'passes', a: partner.accountId, enabled: null, reason: 'Pilot over' });
    expect(await passes()).toBe(false);
    await engineer.client.ok(SET, { flag: 'passes', o: partner.organizationId, enabled: null, reason: 'Resumed' });
    expect(await passes()).toBe(true);

    const listed = (await engineer.client.ok(FLAGS)).staffFeatureFlags as Array<{ key: string; overrides: unknown[] }>;
    expect(listed.find((f) => f.key === 'passes')?.overrides).toEqual([]);

    const audit = await t.database.pool.query(
      `select actor_role, changes from audit_events where operation = 'setFeatureFlag' and actor_user_id = $1 order by occurred_at`,
      [engineer.userId],
    );
    expect(audit.rows).toHaveLength(4);
    expect(audit.rows[1]).toMatchObject({
      actor_role: 'Engineer',
      changes: {
        flag: 'passes',
        accountId: partner.accountId,
        enabled: true,
        reason: 'Pilot account',
        _subject: { before: 'inherited', after: 'on', name: 'Flagged' },
      },
    });
    expect(t.app.services.audit.describe({ operation: 'setFeatureFlag', kind: 'mutation', changes: audit.rows[3].changes })).toBe(
      'Set feature flag “passes” for organization “Flagged Ltd” from off to inherited (reason: Resumed)',
    );
  });

  it('refuses a role that may only view, a partner, and bad input, changing nothing', async () => {
    const partner = await accountWithMember(t);
    const viewer = await signedInUser(t, { adminRole: 'ProductManager' });
    const engineer = await signedInUser(t, { adminRole: 'Engineer' });
    const before = await t.database.pool.query(`select default_value, rules from feature_flags where key = 'quarterly-review'`);

    expect((await viewer.client.ok(FLAGS)).staffFeatureFlags.length).toBeGreaterThan(0);
    const args = { flag: 'quarterly-review', a: partner.accountId, enabled: false, reason: 'x' };
    expect(errorCode(await viewer.client.gql(SET, args))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await partner.client.gql(SET, args))).toBe('FORBIDDEN_ERROR');
    expect(errorCode(await partner.client.gql(FLAGS))).toBe('FORBIDDEN_ERROR');

    const bad = async (variables: Record<string, unknown>) => (await engineer.client.gql(SET, { ...args, ...variables })).errors?.[0];
    expect(await bad({ reason: '  ' })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: { reason: expect.stringContaining('audit trail') } } });
    expect(await bad({ flag: 'no-such-flag' })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { flag: 'There is no feature flag "no-such-flag".' } },
    });
    expect(await bad({ o: partner.organizationId })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { accountId: 'Name an organization or an account, not both.' } },
    });
    expect(await bad({ a: null, enabled: null })).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', fields: { enabled: 'The default is on or off: choose one.' } },
    });
    expect(await bad({ a: crypto.randomUUID() })).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect((await t.database.pool.query(`select default_value, rules from feature_flags where key = 'quarterly-review'`)).rows).toEqual(before.rows);
  });
});
