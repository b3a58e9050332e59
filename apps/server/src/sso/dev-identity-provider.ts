import type { Env } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';

// Replaced by the SSO work: panva's oidc-provider on DEV_IDP_PORT with the demo users.
export async function startDevelopmentIdentityProvider(_deps: { config: Env; database: DatabaseHandle }): Promise<{ issuer: string; close(): Promise<void> } | null> {
  return null;
}
