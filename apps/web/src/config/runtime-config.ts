// The server injects `<script>window.__RAMPART_CONFIG__={...}</script>` into index.html.
// Everything here is optional so the built app also runs from `vite preview` without a server.

export interface RuntimeConfig {
  devMailbox: boolean;
  /** Single sign-on offered (SSO_ENABLED); on unless the server says otherwise. */
  sso: boolean;
  sentryDsn: string | null;
  ga4MeasurementId: string | null;
  intercomAppId: string | null;
  /** The provider's support address (SUPPORT_EMAIL) when set: the support chat offers it as a mailto link. */
  supportEmail: string | null;
  /** Where partners' feature flags come from: LaunchDarkly (LAUNCHDARKLY_SDK_KEY) or the database staff edit. */
  featureFlagSource: 'database' | 'launchdarkly';
}

declare global {
  interface Window {
    __RAMPART_CONFIG__?: Partial<RuntimeConfig>;
  }
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function getRuntimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__RAMPART_CONFIG__;
  return {
    devMailbox: raw?.devMailbox === true,
    sso: raw?.sso !== false,
    sentryDsn: nonEmpty(raw?.sentryDsn),
    ga4MeasurementId: nonEmpty(raw?.ga4MeasurementId),
    intercomAppId: nonEmpty(raw?.intercomAppId),
    supportEmail: nonEmpty(raw?.supportEmail),
    featureFlagSource: raw?.featureFlagSource === 'launchdarkly' ? 'launchdarkly' : 'database',
  };
}

export const DEV_MAILBOX_PATH = '/dev/mailbox';
