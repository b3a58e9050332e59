import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from '../../../test/harness.ts';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startWebhookReceiver } from '../../../test/webhook-receiver.ts';
import { createHttpSender } from './http-sender.ts';

/*
 * With private addresses not allowed (the production setting), no spelling of this machine's address gets an endpoint
 * saved or a request sent. Requests are only ever aimed at loopback: the spellings the sender is tried with are those
 * the kernel delivers to this machine. NAT64, 6to4, Teredo and the other ranges are only saved (refused), never called.
 */

/** Spellings whose connection ends on this machine: IPv4 forms, IPv4-mapped IPv6, IPv6 loopback and unspecified. */
const LOOPBACK_HOSTS = [
  '127.0.0.1',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '2130706433',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '0x7f000001',
  '127.1',
  '127.0.1',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '0.0.0.0',
  '[::]',
  'localhost',
];

/** Further spellings of loopback, and private ranges, that must not be saved. */
const OTHER_PRIVATE_HOSTS = [
  '[::127.0.0.1]',
  '[::7f00:1]',
  '[::ffff:0:7f00:1]',
  '[64:ff9b::127.0.0.1]',
  '[64:ff9b::7f00:1]',
  '[64:ff9b:1::7f00:1]',
  '[2002:7f00:1::]',
  '[2001:0:7f00:1::]',
  'localhost.',
  'LOCALHOST.',
  'hooks.localhost',
  '[fd00::1]',
  '[fe80::1]',
  '[ff02::1]',
  '224.0.0.1',
  '240.0.0.1',
  '10.0.0.1',
  '169.254.169.254',
];

const CREATE = `mutation($a: ID!, $u: String!) { createWebhook(accountId: $a, url: $u, liveMode: false, events: []) { id url } }`;
const UPDATE = `mutation($id: ID!, $u: String) { updateWebhook(id: $id, url: $u) { id url } }`;
const LIST = `query($a: ID!) { webhooks(accountId: $a, liveMode: false) { id url } }`;
const TRIGGER = `mutation($id: ID!) { triggerTestWebhook(id: $id, event: "transaction_created") { responseStatusCode responseBody error } }`;
const PUBLIC_URL = 'https://hooks.example.com/rampart';

let strict: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let urls: string[];
beforeAll(async () => {
  strict = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' });
  receiver = await startWebhookReceiver();
  const port = new URL(receiver.url).port;
  urls = [...LOOPBACK_HOSTS, ...OTHER_PRIVATE_HOSTS].map((host) => `http://${host}:${port}/hooks`);
});
afterAll(async () => {
  await receiver.close();
  await strict.close();
});

describe('outgoing webhook addresses, private addresses not allowed', () => {
  it('refuses to create an endpoint at any spelling of a private address, naming url, and stores nothing', async () => {
    const { client, accountId } = await accountWithMember(strict, { role: 'developer' });
    for (const url of urls) {
      const result = await client.gql(CREATE, { a: accountId, u: url });
      expect(errorCode(result), url).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.fields, url).toEqual({ url: expect.stringMatching(/private or local/) });
    }
    expect((await client.ok(LIST, { a: accountId })).webhooks).toEqual([]);
  });

  it('refuses to move an existing endpoint to any spelling of a private address, and keeps its URL', async () => {
    const { client, accountId } = await accountWithMember(strict, { role: 'developer' });
    const webhook = (await client.ok(CREATE, { a: accountId, u: PUBLIC_URL })).createWebhook;
    for (const url of urls) {
      const result = await client.gql(UPDATE, { id: webhook.id, u: url });
      expect(errorCode(result), url).toBe('BAD_USER_INPUT');
      expect(result.errors![0]!.extensions!.fields, url).toEqual({ url: expect.stringMatching(/private or local/) });
    }
    expect((await client.ok(LIST, { a: accountId })).webhooks).toEqual([{ id: webhook.id, url: PUBLIC_URL }]);
  });

  it('the sender refuses every loopback spelling before connecting: the local server hears nothing', async () => {
    const sender = createHttpSender({ allowPrivateAddresses: false });
    try {
      const port = new URL(receiver.url).port;
      for (const host of LOOPBACK_HOSTS) {
        const result = await sender.post(`http://${host}:${port}/hooks`, '{}', {});
        expect(result, host).toMatchObject({ statusCode: null, body: null, error: expect.stringMatching(/private or reserved/) });
      }
    } finally {
      sender.close();
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('a test delivery to an endpoint saved with a loopback spelling (before this rule) is not sent', async () => {
    const { client, accountId } = await accountWithMember(strict, { role: 'developer' });
    const webhook = (await client.ok(CREATE, { a: accountId, u: PUBLIC_URL })).createWebhook;
    const port = new URL(receiver.url).port;
    for (const host of ['[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '127.1', 'localhost']) {
      // Written past the service, as a row saved by an earlier version or with the setting on would be.
      await strict.database.pool.query('update webhooks set url = $2 where id = $1', [webhook.id, new URL(`http://${host}:${port}/hooks`).toString()]);
      const result = (await client.ok(TRIGGER, { id: webhook.id })).triggerTestWebhook;
      expect(result, host).toEqual({ responseStatusCode: null, responseBody: null, error: expect.stringMatching(/private or reserved/) });
    }
    expect(receiver.received).toHaveLength(0);
  });
});
