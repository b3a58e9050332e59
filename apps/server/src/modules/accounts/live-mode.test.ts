import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCode, type GraphQLResult, useTestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';

const t = useTestApp();

const PUBLIC_KEY = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** Every live-mode operation that needs a verified business, with the variables it takes. */
const LIVE_OPERATIONS: Array<[string, string, Record<string, unknown>]> = [
  [
    'createWebhook',
    'mutation($a: ID!) { createWebhook(accountId: $a, url: "https://hooks.example.com/live", liveMode: true, events: []) { id liveMode } }',
    {},
  ],
  ['apiKeys', 'query($a: ID!) { apiKeys(accountId: $a, liveMode: true) { id } }', {}],
  ['createApiKey', 'mutation($a: ID!) { createApiKey(accountId: $a, liveMode: true, name: "Live server") { id } }', {}],
  ['uploadPublicApiKey', 'mutation($a: ID!, $k: String!) { uploadPublicApiKey(accountId: $a, liveMode: true, publicKey: $k) { id } }', { k: PUBLIC_KEY }],
  ['generateSignedUrl', 'mutation($a: ID!) { generateSignedUrl(accountId: $a, liveMode: true, url: "https://buy.example.com/?apiKey=pk_live_x") { url } }', {}],
  ['integrationUrl', 'query($a: ID!) { integrationUrl(accountId: $a, type: OnRamp, liveMode: true) }', {}],
];

describe('live mode needs a verified business', () => {
  it('says so on the account, the one flag the dashboard follows', async () => {
    const unverified = await accountWithMember(t);
    const verified = await accountWithMember(t, { verified: true });
    const flag = `query($a: ID!) { account(id: $a) { isVerified canUseLiveMode } }`;
    expect((await unverified.client.ok(flag, { a: unverified.accountId })).account).toEqual({ isVerified: false, canUseLiveMode: false });
    expect((await verified.client.ok(flag, { a: verified.accountId })).account).toEqual({ isVerified: true, canUseLiveMode: true });
  });

  it('refuses a live webhook for an unverified account, with what to do, and keeps test webhooks', async () => {
    const { client, accountId } = await accountWithMember(t);
    const refused = await client.gql(LIVE_OPERATIONS[0]![1], { a: accountId });
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors?.[0]?.message).toBe(
      'Live webhooks need a verified business: finish the business verification (On-ramp → Business verification) first.',
    );
    expect((await client.ok('query($a: ID!) { webhooks(accountId: $a, liveMode: true) { id } }', { a: accountId })).webhooks).toEqual([]);
    const test = await client.ok(
      'mutation($a: ID!) { createWebhook(accountId: $a, url: "https://hooks.example.com/test", liveMode: false, events: []) { liveMode } }',
      { a: accountId },
    );
    expect(test.createWebhook).toEqual({ liveMode: false });
  });

  it.each(LIVE_OPERATIONS)('refuses %s in live mode for an unverified account and allows it once verified', async (name, query, variables) => {
    const unverified = await accountWithMember(t);
    const refused: GraphQLResult<unknown> = await unverified.client.gql(query, { a: unverified.accountId, ...variables });
    expect(refused.errors?.[0]?.message, name).toMatch(/verified business/);
    expect(['CONFLICT', 'FORBIDDEN_ERROR']).toContain(errorCode(refused));
    const verified = await accountWithMember(t, { verified: true });
    const allowed = await verified.client.gql(query, { a: verified.accountId, ...variables });
    expect(allowed.errors, name).toBeUndefined();
  });
});
