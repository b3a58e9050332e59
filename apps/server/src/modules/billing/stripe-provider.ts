// Placeholder until the Stripe adapter lands (the Stripe helper overwrites this file with the real one).
import type { BillingProviderAdapter } from './billing-provider.ts';

export function createStripeProvider(_options: { secretKey: string; apiBase?: string }): BillingProviderAdapter {
  throw new Error('Stripe adapter not built yet');
}
