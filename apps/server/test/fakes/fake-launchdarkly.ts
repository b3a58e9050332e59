// A local fake of LaunchDarkly's server-side SDK endpoints, on 127.0.0.1, as the Node server SDK calls them
// (github.com/launchdarkly/js-core, packages/shared/sdk-server: StreamingProcessor, Requestor, EventProcessor):
// - GET  {streamUri}/all               server-sent events; a `put` event with {path: "/", data: {flags, segments}}
// - GET  {baseUri}/sdk/latest-all      the same data as JSON (polling, stream: false)
// - POST {eventsUri}/bulk              analytics events (index, feature, summary), a JSON array
// - POST {eventsUri}/diagnostic        the SDK's diagnostic events
// Every request must carry the SDK key in Authorization; each is recorded so tests assert what the SDK sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LdContextTarget {
  contextKind: string;
  values: string[];
  value: boolean;
}

export interface LdClause {
  contextKind: string;
  attribute: string;
  op: 'in' | 'endsWith' | 'startsWith' | 'matches' | 'contains';
  values: unknown[];
}

/** A boolean flag in LaunchDarkly's data model: variations [true, false]. */
export function booleanFlag(
  key: string,
  options: {
    on?: boolean;
    fallthrough?: boolean;
    offValue?: boolean;
    targets?: LdContextTarget[];
    rules?: Array<{ clauses: LdClause[]; value: boolean }>;
  } = {},
) {
  const variation = (value: boolean) => (value ? 0 : 1);
  return {
    key,
    version: 1,
    on: options.on ?? true,
    variations: [true, false],
    offVariation: variation(options.offValue ?? false),
    fallthrough: { variation: variation(options.fallthrough ?? true) },
    targets: [],
    contextTargets: (options.targets ?? []).map((target) => ({ contextKind: target.contextKind, values: target.values, variation: variation(target.value) })),
    rules: (options.rules ?? []).map((rule, index) => ({
      id: `rule-${index}`,
      clauses: rule.clauses.map((clause) => ({ ...clause, negate: false })),
      variation: variation(rule.value),
      trackEvents: false,
    })),
    prerequisites: [],
    salt: `${key}-salt`,
    trackEvents: true,
    trackEventsFallthrough: false,
    deleted: false,
  };
}

export interface RecordedLdRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  userAgent: string | undefined;
  body: unknown;
}

export async function startFakeLaunchDarkly(options: { sdkKey: string; flags: Array<ReturnType<typeof booleanFlag>> }) {
  const requests: RecordedLdRequest[] = [];
  const events: Array<Record<string, unknown>> = [];
  const eventWaiters: Array<() => void> = [];
  const data = () => ({ flags: Object.fromEntries(options.flags.map((flag) => [flag.key, flag])), segments: {} });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      const text = Buffer.concat(chunks).toString('utf8');
      const body: unknown = text ? JSON.parse(text) : null;
      requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization, userAgent: request.headers['user-agent'], body });
      if (request.headers.authorization !== options.sdkKey) {
        response.writeHead(401).end();
        return;
      }
      if (request.method === 'GET' && path === '/all') {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        // The stream stays open (the SDK would receive patches on it); close() ends it.
        response.write(`event: put\ndata: ${JSON.stringify({ path: '/', data: data() })}\n\n`);
        return;
      }
      if (request.method === 'GET' && path === '/sdk/latest-all') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(data()));
        return;
      }
      if (request.method === 'POST' && (path === '/bulk' || path === '/diagnostic')) {
        if (path === '/bulk' && Array.isArray(body)) {
          events.push(...(body as Array<Record<string, unknown>>));
          for (const wake of eventWaiters.splice(0)) wake();
        }
        response.writeHead(202).end();
        return;
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    events,
    /** Resolves once `match` holds for the events received so far (checked again on every POST /bulk). */
    async eventsWhere(match: (received: Array<Record<string, unknown>>) => boolean): Promise<Array<Record<string, unknown>>> {
      while (!match(events)) await new Promise<void>((resolve) => eventWaiters.push(resolve));
      return events;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
