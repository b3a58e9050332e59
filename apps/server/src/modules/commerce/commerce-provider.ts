import type { HelioMerchantStatus, HelioProvider } from '@rampart/shared/commerce';

/** The merchant account as the provider knows it: our account id is Helio's external id. */
export interface ProviderMerchant {
  accountId: string;
  providerMerchantId: string;
}

export interface ProviderWallet {
  currencyCode: string;
  walletAddress: string;
  walletAddressTag: string | null;
}

/** A hosted onboarding link and when it stops working. */
export interface OnboardingLink {
  onboardingUrl: string;
  expiresAt: Date;
}

/**
 * Who runs merchant onboarding: Helio when configured (helio-provider.ts), else Rampart's built-in hosted page
 * (builtin-provider.ts). Failures reach the partner as AppErrors with a message they can act on, never a 500.
 */
export interface CommerceProvider {
  readonly name: HelioProvider;
  createMerchant(
    account: { id: string; name: string },
    businessName: string,
    contactEmail: string,
    wallets: ProviderWallet[],
  ): Promise<OnboardingLink & { providerMerchantId: string; walletIds: Array<string | null> }>;
  refreshOnboardingUrl(merchant: ProviderMerchant): Promise<OnboardingLink>;
  /** The provider's view of the status, or null when it has nothing newer than what Rampart stored. */
  merchantStatus(merchant: ProviderMerchant): Promise<HelioMerchantStatus | null>;
  addWallet(merchant: ProviderMerchant, wallet: ProviderWallet): Promise<string | null>;
  updateWallet(merchant: ProviderMerchant, providerWalletId: string | null, wallet: ProviderWallet): Promise<void>;
  deleteWallet(merchant: ProviderMerchant, providerWalletId: string | null): Promise<void>;
}
