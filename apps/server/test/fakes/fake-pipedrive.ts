import { startJsonApiFake, type RecordedRequest } from './json-api-fake.ts';

/**
 * A local stand-in for Pipedrive's documented API v2 (developers.pipedrive.com/docs/api/v2: Organizations addOrganization,
 * Persons addPerson), on 127.0.0.1: it checks the `x-api-token` header (or `api_token` query parameter), answers in
 * Pipedrive's `{ success, data }` shape and records every request so tests can compare them with the documentation.
 */
export type FakePipedriveRequest = RecordedRequest;

export async function startFakePipedrive(options: { apiToken: string }) {
  const organizations = new Map<number, { id: number; name: string }>();
  const persons = new Map<number, { id: number; name: string; emails: unknown; org_id: number | null }>();
  let nextId = 100;

  const fake = await startJsonApiFake((request, send) => {
    const refuse = (status: number, error: string) => send(status, { success: false, error, error_info: 'Please check developers.pipedrive.com', data: null });
    const { body } = request;
    const token = request.headers['x-api-token'] ?? request.query['api_token'];
    if (token !== options.apiToken) return refuse(401, 'unauthorized access');
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return refuse(415, 'Unsupported Media Type');
    const input = (body ?? {}) as { name?: unknown; emails?: unknown; org_id?: unknown };
    if (request.method === 'POST' && request.path === '/api/v2/organizations') {
      if (typeof input.name !== 'string' || !input.name) return refuse(400, 'Validation failed: name: Parameter is required');
      const organization = { id: (nextId += 1), name: input.name };
      organizations.set(organization.id, organization);
      return send(200, { success: true, data: { ...organization, owner_id: 1, add_time: new Date().toISOString() } });
    }
    if (request.method === 'POST' && request.path === '/api/v2/persons') {
      if (typeof input.name !== 'string' || !input.name) return refuse(400, 'Validation failed: name: Parameter is required');
      if (input.org_id !== undefined && (typeof input.org_id !== 'number' || !organizations.has(input.org_id)))
        return refuse(400, 'Validation failed: org_id: Organization not found');
      const person = { id: (nextId += 1), name: input.name, emails: input.emails ?? [], org_id: typeof input.org_id === 'number' ? input.org_id : null };
      persons.set(person.id, person);
      return send(200, { success: true, data: { ...person, owner_id: 1, add_time: new Date().toISOString() } });
    }
    return refuse(404, `Unknown method ${request.method} ${request.path}`);
  });
  return {
    url: fake.url,
    requests: fake.requests,
    organizations,
    persons,
    /** The next requests answer with these statuses (and bodies), in order; null lets one through as usual. */
    failNext(...answers: Array<{ status: number; body?: string } | null>) {
      fake.failNext(
        answers.map((entry) =>
          entry ? { status: entry.status, body: entry.body ?? JSON.stringify({ success: false, error: 'Service unavailable', data: null }) } : null,
        ),
      );
    },
    close: fake.close,
  };
}
