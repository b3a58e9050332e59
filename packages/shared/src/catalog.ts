import { z } from 'zod';

/** Staff's reason for suspending an asset or marking a wallet address: kept in the audit trail. */
export const STAFF_REASON_MAX = 500;
export const staffReasonSchema = z
  .string()
  .trim()
  .min(1, 'Give the reason: it is kept in the audit trail')
  .max(STAFF_REASON_MAX, `At most ${STAFF_REASON_MAX} characters`);

export const WALLET_ADDRESS_MAX = 256;
export const walletAddressSchema = z
  .string()
  .trim()
  .min(1, 'Enter the wallet address')
  .max(WALLET_ADDRESS_MAX, `At most ${WALLET_ADDRESS_MAX} characters`)
  .regex(/^[A-Za-z0-9:._-]+$/, 'A wallet address has letters and digits only, with no spaces');

/**
 * The form an address is kept and compared in: trimmed, and an EVM address (0x and 40 hex digits) in lower case, since
 * its mixed-case checksum spelling is the same address. Other networks' addresses are case-sensitive and kept as given.
 */
export function normalizeWalletAddress(address: string): string {
  const trimmed = address.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export const CURRENCY_SUSPENSION_SCOPES = ['ALL', 'US'] as const;
export type CurrencySuspensionScope = (typeof CURRENCY_SUSPENSION_SCOPES)[number];
