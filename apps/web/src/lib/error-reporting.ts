import type { Breadcrumb, ErrorEvent } from '@sentry/react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { getCsrfToken, SIGNED_OUT_EVENT } from '@/lib/session';

// Sentry is loaded and initialised only when the server configured a DSN
// (spec §2, §9: breadcrumb limit 100), so visitors without it never download the SDK.

type SentryModule = typeof import('@sentry/react');
let sentry: Promise<SentryModule> | null = null;

/** Who is signed in and which account is open: each event's user and account (ids only, no e-mail or name). */
export interface ErrorReportingContext {
  userId: string | null;
  accountId: string | null;
}
let context: ErrorReportingContext = { userId: null, accountId: null };

/** True when errors go to a reporter (Sentry): the crash screen says the team was notified only then. */
export function errorReportingConfigured(): boolean {
  return getRuntimeConfig().sentryDsn !== null;
}

const FILTERED = '[Filtered]';
/** Query parameters that carry secrets (reset and invitation tokens, codes, signed widget URLs' signatures). */
const SECRET_NAME = /pass(word)?|secret|token|code|signature|key|otp|session|csrf|auth/i;

/** A URL (absolute or a path) with its secret-named query parameters' values replaced. */
export function scrubUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const hash = url.indexOf('#', query);
  const params = new URLSearchParams(url.slice(query + 1, hash === -1 ? undefined : hash));
  for (const name of [...params.keys()]) if (SECRET_NAME.test(name)) params.set(name, FILTERED);
  return `${url.slice(0, query)}?${params.toString()}${hash === -1 ? '' : url.slice(hash)}`;
}

function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  for (const key of ['url', 'from', 'to']) if (data && typeof data[key] === 'string') data[key] = scrubUrl(data[key]);
  return { ...breadcrumb, ...(data ? { data } : {}) };
}

/** Every string with the session's CSRF token (the one secret page scripts can read) replaced. */
function withoutCsrfToken<T>(value: T, token: string | null, depth = 0): T {
  if (!token || depth > 10) return value;
  if (typeof value === 'string') return value.split(token).join(FILTERED) as T;
  if (Array.isArray(value)) return (value as unknown[]).map((item) => withoutCsrfToken(item, token, depth + 1)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutCsrfToken(inner, token, depth + 1)])) as T;
  }
  return value;
}

/** beforeSend: no secrets in URLs, breadcrumbs or request headers, and never the CSRF token. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    const { cookies: _cookies, headers, ...request } = event.request;
    event.request = {
      ...request,
      ...(request.url ? { url: scrubUrl(request.url) } : {}),
      ...(headers ? { headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, name === 'Referer' ? scrubUrl(value) : value])) } : {}),
    };
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return withoutCsrfToken(event, getCsrfToken() || null);
}

function applyContext(Sentry: SentryModule) {
  Sentry.setUser(context.userId ? { id: context.userId } : null);
  Sentry.setTag('account.id', context.accountId ?? undefined);
  Sentry.setContext('account', context.accountId ? { id: context.accountId } : null);
}

export function initErrorReporting(): void {
  const { sentryDsn } = getRuntimeConfig();
  if (!sentryDsn || sentry) return;
  window.addEventListener(SIGNED_OUT_EVENT, () => setErrorReportingContext({ userId: null, accountId: null }));
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn: sentryDsn,
      maxBreadcrumbs: 100,
      sendDefaultPii: false,
      beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
      beforeSend: scrubEvent,
    });
    applyContext(Sentry);
    return Sentry;
  });
}

/** The shell calls this when the signed-in user or the open account changes. */
export function setErrorReportingContext(next: ErrorReportingContext): void {
  context = next;
  void sentry?.then(applyContext);
}

export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  void sentry?.then((Sentry) => Sentry.captureException(error, extra ? { extra } : undefined));
}
