import { walletAddressProblem } from '@rampart/shared/developer-settings';
import type { HelioMerchantStatus } from '@rampart/shared/commerce';
import { ROUTES } from '@/config/routes';

// Pure rules of the commerce screens: where each state belongs, and the wallet checks that mirror the server's.

export type CommerceSection = 'intro' | 'onboarding' | 'account' | 'wallets';

export function commercePath(section: CommerceSection): string {
  return `${ROUTES.commerce}/${section}`;
}

/** /commerce opens the section the account's state calls for: the intro before any account, onboarding until submitted. */
export function commerceSectionFor(status: HelioMerchantStatus | null | undefined): CommerceSection {
  if (!status) return 'intro';
  if (status === 'active' || status === 'pendingReview') return 'account';
  return 'onboarding';
}

export interface HelioLandingOutcome {
  path: string;
  title: string;
  description: string;
  variant: 'default' | 'destructive';
}

/**
 * Where /helio sends the browser back from the built-in onboarding page (Helio itself sends nobody back), and the toast
 * saying what happened. Review and rejection are the sandbox's outcomes only: Helio reports neither.
 */
export function helioLandingOutcome(status: HelioMerchantStatus | null | undefined): HelioLandingOutcome {
  switch (status) {
    case 'active':
      return {
        path: commercePath('account'),
        title: 'Merchant account active',
        description: 'Onboarding is finished.',
        variant: 'default',
      };
    case 'pendingReview':
      return {
        path: commercePath('account'),
        title: 'Onboarding submitted',
        description: 'Sent to review on the built-in onboarding page. Nothing reviews it: Helio is not connected to this Rampart.',
        variant: 'default',
      };
    case 'rejected':
      return {
        path: commercePath('onboarding'),
        title: 'Merchant account rejected',
        description: 'Rejected on the built-in onboarding page. Helio is not connected to this Rampart: no business was checked.',
        variant: 'destructive',
      };
    case 'created':
      return {
        path: commercePath('onboarding'),
        title: 'Onboarding not finished',
        description: 'Continue onboarding to activate the merchant account.',
        variant: 'default',
      };
    default:
      return { path: commercePath('intro'), title: 'No merchant account yet', description: 'Set up commerce to create one.', variant: 'default' };
  }
}

export interface WalletCurrency {
  name: string;
  addressRegex: string;
  supportsAddressTag: boolean;
}

export const WALLET_TAG_MAX_LENGTH = 100;

/** The address check: required, at most 256 characters, the currency's address format. */
export function walletAddressIssue(address: string, currency: WalletCurrency | null | undefined): string | null {
  if (!currency) return address.trim() ? null : 'Enter the wallet address.';
  return walletAddressProblem(address, currency);
}

/** A tag (destination tag or memo) only where the currency's network uses one. */
export function walletTagIssue(tag: string | null | undefined, currency: WalletCurrency | null | undefined): string | null {
  const value = (tag ?? '').trim();
  if (!value) return null;
  if (currency && !currency.supportsAddressTag) return `${currency.name} addresses take no tag or memo: leave the tag empty.`;
  if (value.length > WALLET_TAG_MAX_LENGTH) return `At most ${WALLET_TAG_MAX_LENGTH} characters`;
  if (!/^[\x21-\x7e]*$/.test(value)) return 'A tag or memo is letters, digits and punctuation, without spaces';
  return null;
}

/** Keeps both ends of a long address readable: "7xKXtg2C…sgAsU". */
export function middleTruncate(value: string, keep = 8): string {
  if (value.length <= keep * 2 + 1) return value;
  return `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

export const HELIO_STATUS_MEANING: Record<HelioMerchantStatus, 'success' | 'waiting' | 'failed' | 'progress'> = {
  created: 'progress',
  pendingReview: 'waiting',
  active: 'success',
  rejected: 'failed',
};
