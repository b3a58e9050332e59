// Wallet addresses checked with the asset's own pattern (the server checks again; this only saves a round trip).
// The rules themselves are shared: the URL builder and generateSignedUrl check what a partner signs with them.
export { addressTagError, emailError, walletAddressError, widgetAssetLabel as assetLabel } from '@rampart/shared/widget-params';

/** "0x12ab…9f3c": long addresses shortened for headings; the full one is shown where it is copied. */
export function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}
