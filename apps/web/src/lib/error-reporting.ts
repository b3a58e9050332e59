import { getRuntimeConfig } from '@/config/runtime-config';

// Sentry is loaded and initialised only when the server configured a DSN
// (spec §2, §9: breadcrumb limit 100), so visitors without it never download the SDK.

type SentryModule = typeof import('@sentry/react');
let sentry: Promise<SentryModule> | null = null;

export function initErrorReporting(): void {
  const { sentryDsn } = getRuntimeConfig();
  if (!sentryDsn || sentry) return;
  sentry = import('@sentry/react').then((Sentry) => {
    Sentry.init({ dsn: sentryDsn, maxBreadcrumbs: 100, sendDefaultPii: false });
    return Sentry;
  });
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  void sentry?.then((Sentry) => Sentry.captureException(error, context ? { extra: context } : undefined));
}
