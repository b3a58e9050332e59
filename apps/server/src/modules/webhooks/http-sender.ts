import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress } from '../../lib/outbound-address.ts';
import { explainSendError, explainStatus } from './send-errors.ts';

export class BlockedAddressError extends Error {}

export interface SendResult {
  statusCode: number | null;
  body: string | null;
  latencyMs: number;
  /** Why the call failed, in words: a network or TLS error, or what a non-2xx status means. */
  error: string | null;
}

const BODY_LIMIT = 8 * 1024;

/** Outgoing webhook HTTP: http(s) only, no redirects, a hard timeout, and (unless allowed) no private destinations. */
export function createHttpSender(options: { allowPrivateAddresses: boolean; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  // The address is checked after DNS resolution, on the connection actually made, so rebinding cannot slip through.
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      const blocked = !options.allowPrivateAddresses && list.some((entry) => !isPublicAddress(entry.address));
      if (blocked) return callback(new BlockedAddressError(`${hostname} resolves to a private or reserved address`), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 256, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 256, lookup }),
  };

  return {
    post(url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
      const started = performance.now();
      const done = (result: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...result, latencyMs: Math.round(performance.now() - started) });
      return new Promise((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          return resolve(done({ statusCode: null, body: null, error: 'The endpoint URL is not valid.' }));
        }
        if (target.protocol !== 'http:' && target.protocol !== 'https:')
          return resolve(done({ statusCode: null, body: null, error: 'Only http and https URLs are called.' }));
        // Node connects to an IP literal without calling the lookup above, so the literal is checked here.
        const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
        if (!options.allowPrivateAddresses && net.isIP(literal) && !isPublicAddress(literal)) {
          return resolve(done({ statusCode: null, body: null, error: `${target.hostname} is a private or reserved address.` }));
        }
        const client = target.protocol === 'https:' ? https : http;
        const request = client.request(
          target,
          {
            method: 'POST',
            agent: agents[target.protocol],
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body).toString(),
              'user-agent': 'Rampart-Webhooks/1.0',
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              if (size < BODY_LIMIT) chunks.push(chunk);
              size += chunk.length;
            });
            response.on('end', () =>
              resolve(
                done({
                  statusCode: response.statusCode ?? null,
                  body: Buffer.concat(chunks).subarray(0, BODY_LIMIT).toString('utf8'),
                  error: explainStatus(response.statusCode ?? null, response.statusMessage),
                }),
              ),
            );
            response.on('error', (error) =>
              resolve(done({ statusCode: response.statusCode ?? null, body: null, error: explainSendError(error, target, timeoutMs) })),
            );
          },
        );
        request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error(`No answer within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })));
        request.on('error', (error) =>
          resolve(
            done({
              statusCode: null,
              body: null,
              error: error instanceof BlockedAddressError ? `${error.message}.` : explainSendError(error, target, timeoutMs),
            }),
          ),
        );
        request.end(body);
      });
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

export type HttpSender = ReturnType<typeof createHttpSender>;
