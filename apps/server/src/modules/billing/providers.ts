// Which billing provider this server uses: Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox.
import type { Env } from '../../config/env.ts';
import type { BillingProviderAdapter } from './billing-provider.ts';
import { createSandboxProvider, type SandboxProviderDeps } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

export function selectBillingProvider(config: Env, deps: SandboxProviderDeps): BillingProviderAdapter {
  if (config.STRIPE_SECRET_KEY)
    return createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}) });
  return createSandboxProvider(config, deps);
}
