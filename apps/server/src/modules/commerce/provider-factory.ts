import type { Env } from '../../config/env.ts';
import { createBuiltinProvider } from './builtin-provider.ts';
import type { CommerceProvider } from './commerce-provider.ts';
import type { CommerceRepository } from './commerce.repository.ts';
import { HelioProvider } from './helio-provider.ts';

/** Helio when its platform keys are configured, else the built-in hosted onboarding. */
export function createCommerceProvider(config: Env, repository: CommerceRepository): CommerceProvider {
  if (config.HELIO_API_KEY && config.HELIO_API_SECRET) {
    return new HelioProvider({
      apiKey: config.HELIO_API_KEY,
      apiSecret: config.HELIO_API_SECRET,
      baseUrl: config.HELIO_API_BASE,
      linkTtlMinutes: config.HELIO_ONBOARDING_LINK_TTL_MINUTES,
    });
  }
  return createBuiltinProvider({ repository, config });
}
