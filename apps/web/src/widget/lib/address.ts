// Wallet addresses checked with the asset's own pattern (the server checks again; this only saves a round trip).
import type { WidgetCurrency } from '@rampart/shared/widget';

export function assetLabel(currency: Pick<WidgetCurrency, 'ticker' | 'networkName'>): string {
  return `${currency.ticker.toUpperCase()} on ${currency.networkName}`;
}

/** null when the address has the asset's shape; otherwise the message shown under the field. */
export function walletAddressError(address: string, currency: Pick<WidgetCurrency, 'addressRegex' | 'ticker' | 'networkName'>): string | null {
  const value = address.trim();
  if (value === '') return `Enter the ${assetLabel(currency)} wallet address that receives it.`;
  if (/\s/.test(value)) return 'A wallet address has no spaces.';
  let pattern: RegExp;
  try {
    pattern = new RegExp(currency.addressRegex);
  } catch {
    return null; // A pattern this browser cannot read: leave the check to the server.
  }
  return pattern.test(value)
    ? null
    : `This is not a ${currency.networkName} address. Check that you copied all of it and that it is for ${assetLabel(currency)}.`;
}

/** Destination tags and memos: optional; when given, short and without spaces. */
export function addressTagError(tag: string): string | null {
  const value = tag.trim();
  if (value === '') return null;
  if (value.length > 64 || /\s/.test(value)) return 'A tag or memo has at most 64 characters and no spaces.';
  return null;
}

export function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return 'Enter your email address.';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'Enter an email address such as name@example.com.';
}

/** "0x12ab…9f3c": long addresses shortened for headings; the full one is shown where it is copied. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}
