// Assets as people read them: decimals, ticker and network. Kept free of decimal.js so the web's formatter stays small.
import { CRYPTO_CURRENCIES } from './transactions.ts';

/** Decimals an asset is delivered in, by ticker (8 unless listed). */
export const ASSET_DECIMALS: Record<string, number> = {
  usdc: 6,
  usdt: 6,
  eurc: 6,
  pyusd: 6,
  dai: 6,
  xrp: 6,
  ada: 6,
  algo: 6,
  trx: 6,
  xlm: 7,
  shib: 2,
  pepe: 2,
  bonk: 2,
};

export function assetDecimals(ticker: string): number {
  return ASSET_DECIMALS[ticker] ?? 8;
}

/** Networks by code, as their users name them. */
export const NETWORK_NAMES: Record<string, string> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  solana: 'Solana',
  polygon: 'Polygon',
  base: 'Base',
  ripple: 'XRP Ledger',
  litecoin: 'Litecoin',
  dogecoin: 'Dogecoin',
};

/** The ticker of a currency code: "usdc_sol" → "USDC". */
export function tickerOf(code: string): string {
  return code.split('_')[0]!.toUpperCase();
}

/** Decimals of a crypto currency code ("usdc_sol" has USDC's 6). */
export function currencyDecimals(code: string): number {
  const lower = code.toLowerCase();
  const listed = CRYPTO_CURRENCIES.find((currency) => currency.code === lower);
  return listed?.decimals ?? assetDecimals(lower.split('_')[0]!);
}

/** Native coins of their network are named alone ("BTC"); tokens and bridged coins name their network ("USDC on Solana"). */
const NATIVE: Record<string, string> = { bitcoin: 'btc', ethereum: 'eth', solana: 'sol', polygon: 'matic', ripple: 'xrp', litecoin: 'ltc', dogecoin: 'doge' };

/** "USDC on Solana" for usdc_sol, "BTC" for btc, "ETH on Base" for eth_base; unknown codes become their ticker. */
export function assetLabel(code: string | null | undefined, networkCode?: string | null): string {
  if (!code) return '—';
  const lower = code.toLowerCase();
  const network = networkCode ?? CRYPTO_CURRENCIES.find((currency) => currency.code === lower)?.networkCode ?? null;
  const ticker = tickerOf(lower);
  if (!network || NATIVE[network] === lower) return ticker;
  return `${ticker} on ${NETWORK_NAMES[network] ?? network.charAt(0).toUpperCase() + network.slice(1)}`;
}
