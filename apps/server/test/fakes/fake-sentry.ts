// A local fake of Sentry's ingest endpoint, on 127.0.0.1: the SDKs POST envelopes to /api/<project>/envelope/
// (develop.sentry.dev/sdk/data-model/envelopes: newline-separated JSON, a header line, then each item's header and
// payload; an item header with `length` has a payload of exactly that many bytes). The Node transport gzips large
// bodies. Every envelope is recorded raw (to look for secrets in the bytes sent) and parsed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  payload: unknown;
}

export interface ReceivedEnvelope {
  path: string;
  /** The DSN's public key, from the query string or the X-Sentry-Auth header. */
  sentryKey: string | null;
  raw: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

/** Parses a Sentry envelope (the byte-exact form, so items with a length may hold newlines). */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (headerLine.trim() === '') continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem['header'];
    let payloadText: string;
    if (typeof itemHeader.length === 'number') {
      payloadText = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else payloadText = line();
    let payload: unknown = payloadText;
    try {
      payload = JSON.parse(payloadText);
    } catch {
      // an attachment: kept as text
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

export async function startFakeSentry() {
  const envelopes: ReceivedEnvelope[] = [];
  const waiters: Array<{ match: (envelope: ReceivedEnvelope) => boolean; resolve: (envelope: ReceivedEnvelope) => void }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/$/.test(url.pathname)) {
        response.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const auth = String(request.headers['x-sentry-auth'] ?? '').match(/sentry_key=([^,\s]+)/)?.[1];
      const envelope: ReceivedEnvelope = {
        path: url.pathname,
        sentryKey: url.searchParams.get('sentry_key') ?? auth ?? null,
        raw: body.toString('utf8'),
        ...parseEnvelope(body),
      };
      envelopes.push(envelope);
      for (const waiter of [...waiters]) {
        if (waiter.match(envelope)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(envelope);
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const events = () =>
    envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload as SentryEvent));
  return {
    port,
    envelopes,
    events,
    /** A DSN pointing at this fake: the SDK posts to http://127.0.0.1:<port>/api/<project>/envelope/. */
    dsn: (project = 1, key = 'publickey') => `http://${key}@127.0.0.1:${port}/${project}`,
    /** The first envelope (already received or still to come) holding an event that `match` accepts. */
    nextEvent(match: (event: SentryEvent) => boolean = () => true): Promise<{ envelope: ReceivedEnvelope; event: SentryEvent }> {
      const accepts = (envelope: ReceivedEnvelope) => envelope.items.some((item) => item.header.type === 'event' && match(item.payload as SentryEvent));
      const found = (envelope: ReceivedEnvelope) => ({
        envelope,
        event: envelope.items.find((item) => item.header.type === 'event' && match(item.payload as SentryEvent))!.payload as SentryEvent,
      });
      const already = envelopes.find(accepts);
      if (already) return Promise.resolve(found(already));
      return new Promise((resolve) => waiters.push({ match: accepts, resolve: (envelope) => resolve(found(envelope)) }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The parts of a Sentry event the tests read. */
export interface SentryEvent {
  event_id: string;
  environment?: string;
  exception?: { values: Array<{ type: string; value: string }> };
  user?: { id?: string; email?: string; ip_address?: string };
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  request?: { method?: string; url?: string; headers?: Record<string, string>; cookies?: unknown; data?: unknown; query_string?: string };
  breadcrumbs?: unknown[] | { values: unknown[] };
}
