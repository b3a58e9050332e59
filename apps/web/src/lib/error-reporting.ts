import * as Sentry from '@sentry/react';
import { getRuntimeConfig } from '@/config/runtime-config';

// Sentry is initialised only when the server configured a DSN (spec §2, §9: breadcrumb limit 100).

let enabled = false;

export function initErrorReporting(): void {
  const { sentryDsn } = getRuntimeConfig();
  if (!sentryDsn || enabled) return;
  Sentry.init({ dsn: sentryDsn, maxBreadcrumbs: 100, sendDefaultPii: false });
  enabled = true;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!enabled) return;
  Sentry.captureException(error, context ? { extra: context } : undefined);
}
