import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import type { Mailer } from '../../../mail/mailer.ts';
import { CHALLENGE_MAX_ATTEMPTS, type DevIdpChallenge, type DevIdpUser, type DevIdpUsers } from '../dev-idp-users.ts';

// What every MyAccount resource shares: Okta's error bodies, JSON in and out, links, the routing table's types and the
// body parts several resources read.

export type Middleware = Parameters<Provider['use']>[0];
export type Context = Parameters<Middleware>[0];

const MAX_BODY_BYTES = 16 * 1024;

export interface ErrorCause {
  errorSummary: string;
  reason?: string;
  location?: string;
}

/** An Okta error body ({errorCode, errorSummary, errorLink, errorId, errorCauses}) with its status and headers. */
export class OktaApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorSummary: string,
    readonly errorCauses: ErrorCause[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(errorSummary);
  }
}

export const validationFailed = (causes: ErrorCause[], summary = `Api validation failed: ${causes.map((cause) => cause.location ?? 'request').join(', ')}`) =>
  new OktaApiError(400, 'E0000001', summary, causes);
export const cause = (location: string, errorSummary: string): ErrorCause => ({ errorSummary: `${location}: ${errorSummary}`, reason: 'INVALID', location });
export const notFound = (what: string) => new OktaApiError(404, 'E0000007', `Not found: Resource not found: ${what}`);

export function bearerChallenge(error: string, description: string, extra = ''): string {
  return `Bearer realm="IdpMyAccountAPI", error="${error}", error_description="${description}"${extra}`;
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new OktaApiError(413, 'E0000001', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OktaApiError(400, 'E0000003', 'The request body was not well-formed: it must be JSON.');
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const link = (href: string, allow?: string[]) => (allow ? { href, hints: { allow } } : { href });

export const json = (ctx: Context, status: number, body: unknown) => {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
};
export const noContent = (ctx: Context) => {
  ctx.status = 204;
  ctx.body = null;
};

/** Sends an OktaApiError as Okta does: its headers, and a body with a fresh errorId. */
export function sendError(ctx: Context, error: OktaApiError) {
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  json(ctx, error.status, {
    errorCode: error.errorCode,
    errorSummary: error.errorSummary,
    errorLink: error.errorCode,
    errorId: `oae${randomBytes(11).toString('base64url')}`,
    errorCauses: error.errorCauses,
  });
}

/** The caller of a MyAccount request: the user of a verified access token, and its claims. */
export interface Caller {
  user: DevIdpUser;
  claims: JWTPayload & { scope?: string; auth_time?: number; sid?: string };
}

/** A MyAccount handler: the request, its verified caller and the path's captured ids. */
export type Handler = (ctx: Context, caller: Caller, params: string[]) => Promise<void>;
/** A path pattern and, per method, the scope it needs and its handler. */
export interface Route {
  pattern: RegExp;
  methods: Record<string, { scope: string; handler: Handler }>;
}

/** A path segment holding an id. */
export const ID = '([\\w-]{1,64})';

/** What a resource's routes need from the API that assembles them. */
export interface MyAccountContext {
  /** The MyAccount API's URL, for links. */
  base: string;
  store: DevIdpUsers;
  mailer: Mailer;
  /** Sensitive changes need a recent sign-in (access-tokens.ts). */
  requireRecentSignIn: (caller: Caller) => void;
}

// Body parts

export function profileOf(body: unknown): Record<string, unknown> {
  if (!isRecord(body) || !isRecord(body.profile)) throw validationFailed([cause('profile', 'The body must be an object with a "profile" object.')]);
  return body.profile;
}

export function verificationCode(body: unknown): string {
  const code = isRecord(body) ? body.verificationCode : undefined;
  if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) throw validationFailed([cause('verificationCode', 'Enter the 6-digit code.')]);
  return code.trim();
}

export async function checkCode(store: DevIdpUsers, challenge: DevIdpChallenge, code: string) {
  const outcome = await store.checkCode(challenge.id, code);
  if (outcome === 'verified' || outcome === 'already') return;
  if (outcome === 'expired')
    throw validationFailed([cause('verificationCode', 'This code has expired. Send a new code.')], 'The verification code has expired.');
  if (outcome === 'exhausted') {
    throw validationFailed(
      [cause('verificationCode', `Too many wrong codes (${CHALLENGE_MAX_ATTEMPTS}). Send a new code.`)],
      'Too many verification attempts.',
    );
  }
  throw validationFailed([cause('verificationCode', 'This code is not correct.')], 'The verification code is not correct.');
}
