// Where payouts actually go, in words. Helio receives payout wallets only with the merchant account's creation (its
// sign-up); Helio documents no wallet endpoint for platforms, so wallets added, changed or deleted later change
// Rampart's list only. Without Helio configured, the built-in sandbox pays nothing out.

/** Who pays out (HelioOnboarding.provider): Helio, or the built-in sandbox. */
export type PayoutProvider = 'helio' | 'builtin';

export interface PayoutSituation {
  provider: PayoutProvider;
  /** Whether the merchant account exists: Helio received the wallets there were when it was created. */
  hasMerchantAccount: boolean;
}

const SANDBOX = 'Helio is not connected to this Rampart (the built-in sandbox stands in for it), so nothing is paid out';

/** The payout wallets screen's description. */
export function walletsDescription({ provider, hasMerchantAccount }: PayoutSituation): string {
  if (provider === 'builtin') return `${SANDBOX}: these wallets are kept as your payout details only.`;
  if (!hasMerchantAccount) {
    return 'Helio receives these wallets when you create your merchant account, and pays out each currency to its wallet. Later changes are made in your Helio dashboard too.';
  }
  return 'Helio pays out to the wallets it holds: those marked “At Helio”, received with your merchant account, and any set in your Helio dashboard. Wallets added or changed here since are kept in Rampart only: make the same change in your Helio dashboard.';
}

/** The add or edit dialog's description; `wallet` is the edited one (null when adding). */
export function walletDialogDescription({ provider, hasMerchantAccount }: PayoutSituation, wallet: { heldByHelio: boolean } | null): string {
  if (provider === 'builtin') return `${SANDBOX} to this address: it is kept as your payout details only.`;
  if (!hasMerchantAccount) {
    return wallet
      ? 'Helio receives the new address when you create your merchant account.'
      : 'Helio receives it when you create your merchant account, and pays out the payments in this currency to it.';
  }
  if (!wallet)
    return 'Kept in Rampart only: Helio offers platforms no way to add a wallet, so add it in your Helio dashboard as well for Helio to pay out to it.';
  if (wallet.heldByHelio) return 'Helio keeps paying out to the current address until you change it in your Helio dashboard: Rampart records the new one only.';
  return 'Kept in Rampart only: Helio pays out to the address set in your Helio dashboard.';
}

/** The delete dialog's sentence, after the wallet's address. */
export function walletDeleteDescription({ provider }: PayoutSituation, wallet: { heldByHelio: boolean }): string {
  if (provider === 'builtin') return 'is removed from your payout details. Nothing was paid out to it: Helio is not connected.';
  if (wallet.heldByHelio) return 'is removed from this list only: Helio keeps paying out to it until you remove it in your Helio dashboard.';
  return 'is removed from this list. Helio never received this address, so nothing changes at Helio.';
}

/** Under the "finish onboarding" card: what adding wallets now does. */
export function walletsDuringOnboardingNote(provider: PayoutProvider): string {
  if (provider === 'builtin') return `You can add payout wallets meanwhile. ${SANDBOX}.`;
  return 'Payout wallets you add now are kept in Rampart only: Helio received those there were when the merchant account was created. Set others in your Helio dashboard.';
}

/** On the commerce introduction when Helio is not configured. */
export const SANDBOX_NOTE = `${SANDBOX}: the built-in onboarding page completes the same steps for trying Commerce out.`;
