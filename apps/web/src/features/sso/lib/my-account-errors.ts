/** What okta-auth-js throws, and spec §8 names, when an account-management call has no access token. */
export const MISSING_ACCESS_TOKEN = 'AccessToken is required to request MyAccount API endpoints.';

/**
 * - `missing-token`: no usable access token (none stored, or renewal failed): the user signs in with SSO again.
 * - `step-up`: the provider wants a more recent sign-in (403 insufficient_authentication_context) before this change.
 * - `invalid-token`: the provider refused the access token (401); callers renew it once and retry.
 * - `not-found`: the resource is gone (404), such as a provider session that already ended.
 * - `request`: anything else, with the provider's errorSummary and per-field errorCauses.
 */
export type MyAccountErrorKind = 'missing-token' | 'step-up' | 'invalid-token' | 'not-found' | 'request';

export class MyAccountError extends Error {
  readonly kind: MyAccountErrorKind;
  readonly status: number | null;
  /** Messages the provider attached to fields (errorCauses), by field name. */
  readonly fields: Readonly<Record<string, string>>;
  /** Step-up: the sign-in age and authentication context the provider asks for. */
  readonly maxAge: number | null;
  readonly acrValues: string | null;

  constructor(
    kind: MyAccountErrorKind,
    message: string,
    details: { status?: number | null; fields?: Record<string, string>; maxAge?: number | null; acrValues?: string | null } = {},
  ) {
    super(message);
    this.name = 'MyAccountError';
    this.kind = kind;
    this.status = details.status ?? null;
    this.fields = details.fields ?? {};
    this.maxAge = details.maxAge ?? null;
    this.acrValues = details.acrValues ?? null;
  }
}

interface ErrorCause {
  errorSummary?: unknown;
  location?: unknown;
  reason?: unknown;
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/**
 * Field messages from Okta's errorCauses: `{ location: "firstName", errorSummary }`, or Okta's usual
 * `errorSummary: "firstName: The field cannot be left blank"`. Causes naming no field are returned apart.
 */
export function fieldErrorsOf(causes: unknown): { fields: Record<string, string>; general: string[] } {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  if (!Array.isArray(causes)) return { fields, general };
  for (const cause of causes as ErrorCause[]) {
    const summary = typeof cause?.errorSummary === 'string' ? cause.errorSummary.trim() : '';
    if (!summary) continue;
    const location = typeof cause.location === 'string' ? cause.location.replace(/^.*\./, '') : '';
    const prefixed = /^([A-Za-z][\w]*):\s*(.+)$/s.exec(summary);
    if (location) fields[location] ??= prefixed?.[1] === location ? prefixed[2]! : summary;
    else if (prefixed) fields[prefixed[1]!] ??= prefixed[2]!;
    else general.push(summary);
  }
  return { fields, general };
}

/**
 * Turns whatever an account-management call threw (okta-auth-js's AuthSdkError / AuthApiError, a network failure)
 * into a MyAccountError whose message can be shown as it is. `host` names the provider in network errors.
 */
export function toMyAccountError(caught: unknown, host: string): MyAccountError {
  if (caught instanceof MyAccountError) return caught;
  const error = record(caught);
  const summary = typeof error?.errorSummary === 'string' ? error.errorSummary : '';
  if (summary === MISSING_ACCESS_TOKEN || (caught instanceof Error && caught.message === MISSING_ACCESS_TOKEN)) {
    return new MyAccountError('missing-token', MISSING_ACCESS_TOKEN);
  }
  const xhr = record(error?.xhr);
  const status = typeof xhr?.status === 'number' ? xhr.status : null;
  const meta = record(error?.meta);
  const { fields, general } = fieldErrorsOf(error?.errorCauses);

  if (status === 403 && meta && typeof meta.max_age === 'number') {
    const maxAge = Number.isFinite(meta.max_age) ? meta.max_age : null;
    const acrValues = typeof meta.acr_values === 'string' ? meta.acr_values : null;
    const reason = general[0] ?? 'Your identity provider needs a more recent sign-in for this change.';
    return new MyAccountError('step-up', reason, { status, maxAge, acrValues });
  }
  if (status === null) {
    const reason = summary || (caught instanceof Error ? caught.message : '');
    // okta-auth-js wraps network failures in an AuthApiError (no response) whose summary is fetch's own words.
    if (error?.name === 'AuthApiError') return new MyAccountError('request', `Could not reach your identity provider (${host})${reason ? `: ${reason}` : '.'}`);
    return new MyAccountError('request', `Your identity provider (${host}) answered in a way Rampart could not read${reason ? `: ${reason}` : '.'}`);
  }
  if (status === 401) {
    return new MyAccountError('invalid-token', summary || 'Your identity provider refused the access token.', { status });
  }
  if (status >= 500) {
    return new MyAccountError('request', `Your identity provider (${host}) could not complete the request (HTTP ${status}). Try again in a moment.`, {
      status,
    });
  }
  const message = [summary, ...general].filter(Boolean).join(' ') || `Your identity provider refused the request (HTTP ${status}).`;
  return new MyAccountError(status === 404 ? 'not-found' : 'request', message, { status, fields });
}
