import type { Env } from '../../config/env.ts';

// The CRM: at sign-up's last step (onboarding creates the organization) Rampart adds the organization and its owner as
// a person to Pipedrive, through Pipedrive's documented API v2 (developers.pipedrive.com/docs/api/v2: POST
// /api/v2/organizations and POST /api/v2/persons, authenticated with the `x-api-token` header, as the official
// `pipedrive` client does; API v1's POST /v1/persons and /v1/organizations are deprecated in favour of these).

const REQUEST_TIMEOUT_MS = 10_000;

export interface CrmPerson {
  name: string;
  email: string;
  /** The Pipedrive organization the person belongs to. */
  orgId: number;
}

export interface PipedriveCrm {
  /** Answers the new organization's id. */
  createOrganization(name: string): Promise<number>;
  /** Answers the new person's id. */
  createPerson(person: CrmPerson): Promise<number>;
}

/** Pipedrive's answer could not be used: the job fails and graphile-worker retries it later. */
export class PipedriveError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'PipedriveError';
  }
}

/** The Pipedrive client when PIPEDRIVE_API_TOKEN is set; null otherwise (nothing is sent anywhere). */
export function createPipedriveCrm(config: Pick<Env, 'PIPEDRIVE_API_TOKEN' | 'PIPEDRIVE_BASE_URL'>): PipedriveCrm | null {
  const token = config.PIPEDRIVE_API_TOKEN;
  if (!token) return null;
  const base = config.PIPEDRIVE_BASE_URL.replace(/\/+$/, '');

  async function create(path: string, body: Record<string, unknown>): Promise<number> {
    let response: Response;
    try {
      response = await fetch(`${base}/api/v2${path}`, {
        method: 'POST',
        headers: { 'x-api-token': token!, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PipedriveError(`Pipedrive could not be reached (POST ${path}): ${error instanceof Error ? error.message : String(error)}`, null);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Reported below with the status.
    }
    const answer = (parsed ?? {}) as { success?: unknown; data?: { id?: unknown }; error?: unknown };
    if (!response.ok || answer.success !== true) {
      const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
      throw new PipedriveError(`Pipedrive refused POST ${path}: ${reason}`, response.status);
    }
    const id = answer.data?.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
      throw new PipedriveError(`Pipedrive answered POST ${path} without an id`, response.status);
    return id;
  }

  return {
    createOrganization: (name) => create('/organizations', { name }),
    createPerson: (person) => create('/persons', { name: person.name, emails: [{ value: person.email, primary: true, label: 'work' }], org_id: person.orgId }),
  };
}
