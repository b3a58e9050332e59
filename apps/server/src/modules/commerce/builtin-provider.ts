import crypto from 'node:crypto';
import type { Env } from '../../config/env.ts';
import type { CommerceRepository } from './commerce.repository.ts';
import type { CommerceProvider, OnboardingLink } from './commerce-provider.ts';

/** Only the hash of a link's token is stored: a database read does not hand out working links. */
export function hashOnboardingToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Rampart's own hosted onboarding (the default without Helio credentials): a one-time link to
 * /sandbox/helio/onboarding/{token} whose page completes the same states Helio's would.
 */
export function createBuiltinProvider(deps: { repository: CommerceRepository; config: Env; now?: () => Date }): CommerceProvider {
  const { repository, config } = deps;
  const now = deps.now ?? (() => new Date());

  async function newLink(accountId: string): Promise<OnboardingLink> {
    const token = crypto.randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + config.HELIO_ONBOARDING_LINK_TTL_MINUTES * 60_000);
    // A new link retires the older ones: only the newest works.
    await repository.retireLinks(accountId);
    await repository.insertLink({ tokenHash: hashOnboardingToken(token), accountId, expiresAt });
    return { onboardingUrl: `${config.PUBLIC_URL.replace(/\/$/, '')}/sandbox/helio/onboarding/${token}`, expiresAt };
  }

  return {
    name: 'builtin',
    async createMerchant(account, _businessName, _contactEmail, wallets) {
      const link = await newLink(account.id);
      return {
        ...link,
        providerMerchantId: `bmer_${crypto.randomBytes(12).toString('hex')}`,
        walletIds: wallets.map(() => `bwal_${crypto.randomBytes(12).toString('hex')}`),
      };
    },
    refreshOnboardingUrl: (merchant) => newLink(merchant.accountId),
    // The built-in page writes the status itself; there is nothing further to ask.
    merchantStatus: async () => null,
    addWallet: async () => `bwal_${crypto.randomBytes(12).toString('hex')}`,
    updateWallet: async () => {},
    deleteWallet: async () => {},
  };
}
