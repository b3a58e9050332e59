import type { SupportIdentity } from '@/features/support/lib/support-identity';

// Intercom's Messenger with identity verification (user_hash: HMAC-SHA256 of the user id, computed by the server).
// Everything that loads Intercom is in loadIntercom, called from one place (support-chat.tsx), so a consent gate
// needs to wrap only that call. The server's CSP allows Intercom's hosts only when INTERCOM_APP_ID is set (lib/intercom-csp.ts).

type IntercomCommand = (command: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    Intercom?: IntercomCommand & { q?: unknown[][] };
    intercomSettings?: Record<string, unknown>;
  }
}

/** Where Intercom's documented snippet loads the Messenger from. */
export const intercomWidgetUrl = (appId: string) => `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;

/** The Messenger's settings (Intercom's documented names) for the signed-in user and their organization. */
export function intercomSettings(appId: string, identity: SupportIdentity): Record<string, unknown> {
  return {
    api_base: 'https://api-iam.intercom.io',
    app_id: appId,
    user_id: identity.userId,
    user_hash: identity.userHash,
    email: identity.email,
    name: identity.name,
    company: { company_id: identity.accountId, name: identity.organizationName, plan: identity.plan },
  };
}

/**
 * Loads and boots the Messenger as Intercom's snippet does: the settings on window.intercomSettings, a stub queueing
 * calls until the widget script replaces it, then the script itself. Once loaded (a later user or account, after
 * shutdownIntercom), it boots again with the new settings.
 */
export function loadIntercom(appId: string, identity: SupportIdentity): void {
  const settings = intercomSettings(appId, identity);
  window.intercomSettings = settings;
  if (typeof window.Intercom === 'function') {
    window.Intercom('boot', settings);
    return;
  }
  const queue: unknown[][] = [];
  const stub = ((...args: unknown[]) => {
    queue.push(args);
  }) as IntercomCommand & { q?: unknown[][] };
  stub.q = queue;
  window.Intercom = stub;
  const script = document.createElement('script');
  script.async = true;
  script.src = intercomWidgetUrl(appId);
  // The widget boots itself from window.intercomSettings and replays the stub's queue.
  document.head.appendChild(script);
}

/** Ends the Messenger's session (sign-out, another account): Intercom's documented 'shutdown'. */
export function shutdownIntercom(): void {
  if (typeof window.Intercom === 'function') window.Intercom('shutdown');
}
