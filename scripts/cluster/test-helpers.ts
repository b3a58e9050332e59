/** What the cluster test files share: the running cluster's addresses, and a GraphQL session with cookies. */
import { inject } from 'vitest';
import { currentStep, totpCode } from '../../apps/server/src/modules/identity/totp.ts';

export interface ClusterInfo {
  url: string;
  dir: string;
  apis: Array<{ name: string; pid: number; port: number; url: string }>;
  workers: Array<{ name: string; pid: number; port: number; url: string }>;
  primaryUrl: string;
  replicaUrl: string;
  pgbouncerUrl: string;
  startedInMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: ClusterInfo;
  }
}

/** The cluster global-setup.ts started for this run. */
export function clusterUnderTest(): ClusterInfo {
  return inject('cluster');
}

/** A browser-like GraphQL client: keeps every cookie the server sets (session, read-after) and sends the CSRF token. */
export class GraphQLSession {
  readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async gql<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ status: number; data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        ...(this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (/max-age=0\b/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const body = (await response.json()) as { data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> };
    return { status: response.status, ...body };
  }

  /** The data, or an error naming the GraphQL errors. */
  async ok<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const result = await this.gql<T>(query, variables);
    if (result.errors?.length || !result.data) throw new Error(`GraphQL ${result.status}: ${JSON.stringify(result.errors)}`);
    return result.data;
  }

  async login(email: string, password: string, otpToken?: string): Promise<void> {
    const data = await this.ok<{ login: { csrfToken: string | null } }>(
      'mutation($email: String!, $password: String!, $otpToken: String) { login(email: $email, password: $password, otpToken: $otpToken) { csrfToken } }',
      { email, password, otpToken: otpToken ?? null },
    );
    if (!data.login.csrfToken) throw new Error(`login of ${email} gave no CSRF token (two-factor?)`);
    this.csrfToken = data.login.csrfToken;
  }
}

/** The TOTP secret of the staff users these tests write: staff act only with two-factor authentication on (issue 32). */
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The code a staff user's authenticator app shows now. */
export const staffTotpNow = () => totpCode(STAFF_TOTP_SECRET, currentStep());
