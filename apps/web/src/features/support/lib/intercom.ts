import type { SupportIdentity } from '@/features/support/lib/support-identity';

// Intercom's Messenger with identity verification (user_hash). Loaded only when the runtime config has an app id.

type IntercomCommand = (command: string, ...args: unknown[]) => void;

declare global {
  interface Window {
    Intercom?: IntercomCommand & { q?: unknown[][] };
    intercomSettings?: Record<string, unknown>;
  }
}

export function bootIntercom(appId: string, identity: SupportIdentity): void {
  const settings = {
    api_base: 'https://api-iam.intercom.io',
    app_id: appId,
    user_id: identity.userId,
    user_hash: identity.userHash,
    email: identity.email,
    name: identity.name,
    company: { company_id: identity.accountId, name: identity.organizationName, plan: identity.plan },
  };
  window.intercomSettings = settings;
  if (typeof window.Intercom === 'function') {
    window.Intercom('update', settings);
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
  script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;
  // The widget boots itself from window.intercomSettings and replays the stub's queue.
  document.head.appendChild(script);
}

export function shutdownIntercom(): void {
  if (typeof window.Intercom === 'function') window.Intercom('shutdown');
}
