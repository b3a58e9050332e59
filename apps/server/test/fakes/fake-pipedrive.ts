import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Pipedrive's documented API v2 (developers.pipedrive.com/docs/api/v2: Organizations addOrganization,
 * Persons addPerson), on 127.0.0.1: it checks the `x-api-token` header (or `api_token` query parameter), answers in
 * Pipedrive's `{ success, data }` shape and records every request so tests can compare them with the documentation.
 */
export interface FakePipedriveRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export async function startFakePipedrive(options: { apiToken: string }) {
  const requests: FakePipedriveRequest[] = [];
  const organizations = new Map<number, { id: number; name: string }>();
  const persons = new Map<number, { id: number; name: string; emails: unknown; org_id: number | null }>();
  let failures: Array<{ status: number; body: string } | null> = [];
  let nextId = 100;

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
      requests.push({ method: request.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers, body });
      const send = (status: number, payload: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const refuse = (status: number, error: string) =>
        send(status, { success: false, error, error_info: 'Please check developers.pipedrive.com', data: null });

      const failure = failures.shift();
      if (failure) return void response.writeHead(failure.status, { 'content-type': 'application/json' }).end(failure.body);
      const token = request.headers['x-api-token'] ?? url.searchParams.get('api_token');
      if (token !== options.apiToken) return refuse(401, 'unauthorized access');
      if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return refuse(415, 'Unsupported Media Type');
      const input = (body ?? {}) as { name?: unknown; emails?: unknown; org_id?: unknown };
      if (request.method === 'POST' && url.pathname === '/api/v2/organizations') {
        if (typeof input.name !== 'string' || !input.name) return refuse(400, 'Validation failed: name: Parameter is required');
        const organization = { id: (nextId += 1), name: input.name };
        organizations.set(organization.id, organization);
        return send(200, { success: true, data: { ...organization, owner_id: 1, add_time: new Date().toISOString() } });
      }
      if (request.method === 'POST' && url.pathname === '/api/v2/persons') {
        if (typeof input.name !== 'string' || !input.name) return refuse(400, 'Validation failed: name: Parameter is required');
        if (input.org_id !== undefined && (typeof input.org_id !== 'number' || !organizations.has(input.org_id)))
          return refuse(400, 'Validation failed: org_id: Organization not found');
        const person = { id: (nextId += 1), name: input.name, emails: input.emails ?? [], org_id: typeof input.org_id === 'number' ? input.org_id : null };
        persons.set(person.id, person);
        return send(200, { success: true, data: { ...person, owner_id: 1, add_time: new Date().toISOString() } });
      }
      return refuse(404, `Unknown method ${request.method} ${url.pathname}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    organizations,
    persons,
    /** The next requests answer with these statuses (and bodies), in order; null lets one through as usual. */
    failNext(...answers: Array<{ status: number; body?: string } | null>) {
      failures = answers.map((entry) =>
        entry ? { status: entry.status, body: entry.body ?? JSON.stringify({ success: false, error: 'Service unavailable', data: null }) } : null,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
