import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithMember } from '../../../test/accounts-helper.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { createHttpSender } from './http-sender.ts';
import { explainSendError, explainStatus } from './send-errors.ts';

const error = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('a failed webhook call in words', () => {
  const url = new URL('https://webhook.site/abc');

  it('explains network and TLS errors by their code', () => {
    expect(explainSendError(error('ENOTFOUND', 'getaddrinfo ENOTFOUND webhook.site'), url, 5000)).toBe(
      'The host webhook.site could not be resolved: no DNS record exists for it. Check the host name in the endpoint URL.',
    );
    expect(explainSendError(error('ECONNREFUSED'), new URL('http://127.0.0.1:9/x'), 5000)).toBe(
      '127.0.0.1 refused the connection on port 9: nothing is listening there. Check the port and that your server is running.',
    );
    expect(explainSendError(error('ETIMEDOUT'), url, 5000)).toBe('webhook.site did not answer within 5 seconds.');
    expect(explainSendError(error('CERT_HAS_EXPIRED'), url, 5000)).toBe('The TLS certificate of webhook.site has expired. Renew it, then try again.');
    expect(explainSendError(error('DEPTH_ZERO_SELF_SIGNED_CERT'), url, 5000)).toMatch(/^webhook.site uses a self-signed TLS certificate/);
    expect(explainSendError(error('ERR_TLS_CERT_ALTNAME_INVALID'), url, 5000)).toBe('The TLS certificate of webhook.site is issued for another host name.');
    expect(explainSendError(error('ERR_SSL_WRONG_VERSION_NUMBER'), url, 5000)).toBe(
      'webhook.site did not answer with TLS on port 443. Is the endpoint http rather than https?',
    );
    expect(explainSendError(error('EWHATEVER', 'socket hang up'), url, 5000)).toBe('The request to webhook.site failed: socket hang up');
  });

  it('explains what a non-2xx status means, and nothing for a 2xx', () => {
    expect(explainStatus(404, 'Not Found')).toBe('The endpoint answered 404 Not Found: nothing is there; check the path of the endpoint URL.');
    expect(explainStatus(500, null)).toBe('The endpoint answered 500: it failed while handling the event.');
    expect(explainStatus(418, "I'm a teapot")).toBe("The endpoint answered 418 I'm a teapot: it did not accept the request.");
    expect(explainStatus(204, 'No Content')).toBeNull();
    expect(explainStatus(null)).toBeNull();
  });

  describe('over loopback', () => {
    let server: http.Server;
    let port: number;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/slow') return; // never answers
        response.writeHead(request.url === '/missing' ? 404 : 200).end('ok');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('says what the endpoint answered, that it refused, or that it did not answer in time', async () => {
      const sender = createHttpSender({ allowPrivateAddresses: true, timeoutMs: 300 });
      try {
        expect((await sender.post(`http://127.0.0.1:${port}/ok`, '{}', {})).error).toBeNull();
        expect((await sender.post(`http://127.0.0.1:${port}/missing`, '{}', {})).error).toBe(
          'The endpoint answered 404 Not Found: nothing is there; check the path of the endpoint URL.',
        );
        expect((await sender.post(`http://127.0.0.1:${port}/slow`, '{}', {})).error).toBe('127.0.0.1 did not answer within 0.3 seconds.');
        const closed = await new Promise<number>((resolve) => {
          const probe = http.createServer().listen(0, '127.0.0.1', () => {
            const free = (probe.address() as AddressInfo).port;
            probe.close(() => resolve(free));
          });
        });
        expect((await sender.post(`http://127.0.0.1:${closed}/hook`, '{}', {})).error).toBe(
          `127.0.0.1 refused the connection on port ${closed}: nothing is listening there. Check the port and that your server is running.`,
        );
      } finally {
        sender.close();
      }
    });
  });
});

describe('errors the API answers in words', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a test webhook to a refused port in words', async () => {
    const member = await accountWithMember(t);
    const webhook = (
      await member.client.ok('mutation($a: ID!) { createWebhook(accountId: $a, url: "http://127.0.0.1:9/hooks", liveMode: false, events: []) { id } }', {
        a: member.accountId,
      })
    ).createWebhook;
    const result = (
      await member.client.ok('mutation($id: ID!) { triggerTestWebhook(id: $id, event: "transaction_created") { responseStatusCode error } }', {
        id: webhook.id,
      })
    ).triggerTestWebhook;
    expect(result).toEqual({
      responseStatusCode: null,
      error: '127.0.0.1 refused the connection on port 9: nothing is listening there. Check the port and that your server is running.',
    });
  });

  it('says "Transaction not found." for an unknown transaction, not the name of an access rule', async () => {
    const member = await accountWithMember(t);
    const result = await member.client.gql('query { anyTransaction(id: "00000000-0000-4000-8000-000000000000") { __typename } }');
    expect(result.errors?.[0]?.message).toBe('Transaction not found.');
    const key = await member.client.gql('mutation { deleteApiKey(id: "00000000-0000-4000-8000-000000000000") }');
    expect(key.errors?.[0]?.message).toBe('API key not found.');
  });
});
