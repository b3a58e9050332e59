import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a fake third-party API received, as tests compare it with the service's documentation. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The JSON body, or the raw text when it is not JSON, or null when empty. */
  body: unknown;
}

export type Send = (status: number, payload: unknown) => void;

/**
 * A loopback HTTP server for a fake JSON API: it reads and records each request, answers a queued failure first (see
 * `failNext`), and hands the rest to `handle`. The fakes of Helio and Pipedrive share it.
 */
export async function startJsonApiFake(handle: (request: RecordedRequest, send: Send) => void) {
  const requests: RecordedRequest[] = [];
  let failures: Array<{ status: number; body: string } | null> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const recorded = { method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body };
      requests.push(recorded);
      const failure = failures.shift();
      if (failure) return void response.writeHead(failure.status, { 'content-type': 'application/json' }).end(failure.body);
      handle(recorded, (status, payload) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** The next requests answer with these statuses and bodies, in order; null lets one through as usual. */
    failNext(answers: Array<{ status: number; body: string } | null>) {
      failures = answers;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
