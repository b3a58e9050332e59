// Amounts stay decimal strings from the keyboard to the API: no floats, no decimal library in the bundle.
import { amountFormatProblem } from '@rampart/shared/amounts';

export type ParsedAmount = { ok: true; value: string } | { ok: false; error: string };

/** What may stay in an amount field while typing: digits and one separator ("." or ","), nothing else. */
export function sanitizeAmountTyping(raw: string): string {
  let seenSeparator = false;
  let out = '';
  for (const char of raw) {
    if (char >= '0' && char <= '9') out += char;
    else if ((char === '.' || char === ',') && !seenSeparator) {
      seenSeparator = true;
      out += '.';
    }
  }
  return out;
}

/**
 * A typed amount as a canonical decimal string ("0012.50" → "12.5").
 * "1,000.50" is a thousands comma; a lone comma is a decimal comma ("12,5" → "12.5").
 */
export function parseAmountInput(raw: string, maxDecimals: number): ParsedAmount {
  let text = raw.trim().replace(/[\s_\u00a0]/g, '');
  if (text === '') return { ok: false, error: 'Enter an amount.' };
  if (text.includes('.') && text.includes(',')) text = text.replace(/,/g, '');
  else if ((text.match(/,/g) ?? []).length === 1) text = text.replace(',', '.');
  if (!/^\d*\.?\d*$/.test(text) || !/\d/.test(text)) return { ok: false, error: 'Enter a number such as 100 or 0.05.' };
  let [whole = '', fraction = ''] = text.split('.');
  whole = whole.replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length > maxDecimals) {
    return { ok: false, error: maxDecimals === 0 ? 'Enter a whole number.' : `Use at most ${maxDecimals} decimal places.` };
  }
  if (/^0*$/.test(whole) && fraction === '') return { ok: false, error: 'Enter an amount above zero.' };
  const value = fraction ? `${whole}.${fraction}` : whole;
  // The server's bound on any amount (at most 15 digits before the point), from the shared check.
  const problem = amountFormatProblem(value);
  return problem ? { ok: false, error: problem } : { ok: true, value };
}

/** Compares two non-negative decimal strings without converting them to numbers. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const aWhole = aw.replace(/^0+/, '');
  const bWhole = bw.replace(/^0+/, '');
  if (aWhole.length !== bWhole.length) return aWhole.length < bWhole.length ? -1 : 1;
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const aFrac = af.padEnd(width, '0');
  const bFrac = bf.padEnd(width, '0');
  if (aFrac === bFrac) return 0;
  return aFrac < bFrac ? -1 : 1;
}

/**
 * A decimal string for reading: thousands grouped, cut (never rounded up) to `maxDecimals`, trailing zeros dropped
 * down to `minDecimals`. "1234.5" with 2/2 → "1,234.50".
 */
export function formatDecimal(value: string, options: { minDecimals?: number; maxDecimals?: number } = {}): string {
  const { minDecimals = 0, maxDecimals = 8 } = options;
  const negative = value.startsWith('-');
  const [wholeRaw = '0', fractionRaw = ''] = (negative ? value.slice(1) : value).split('.');
  const whole = (wholeRaw.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let fraction = fractionRaw.slice(0, maxDecimals).replace(/0+$/, '');
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const FIAT_SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', aud: 'A$', cad: 'C$', brl: 'R$', ngn: '₦', jpy: '¥' };
const ZERO_DECIMAL_FIAT = new Set(['jpy']);

export function fiatDecimals(code: string): number {
  return ZERO_DECIMAL_FIAT.has(code.toLowerCase()) ? 0 : 2;
}

/** "$1,234.50", or "1,234.50 CHF" for a currency without a symbol here. */
export function formatFiat(value: string, code: string): string {
  const decimals = fiatDecimals(code);
  const amount = formatDecimal(value, { minDecimals: decimals, maxDecimals: decimals });
  const symbol = FIAT_SYMBOLS[code.toLowerCase()];
  return symbol ? `${symbol}${amount}` : `${amount} ${code.toUpperCase()}`;
}

/** "0.00153 BTC" */
export function formatCrypto(value: string, ticker: string, decimals = 8): string {
  return `${formatDecimal(value, { maxDecimals: decimals })} ${ticker.toUpperCase()}`;
}

export function isZero(value: string): boolean {
  return /^-?0*\.?0*$/.test(value);
}

/** Adds fiat amounts with two decimals exactly (as integer cents in a BigInt). */
export function sumCents(values: string[]): string {
  let cents = 0n;
  for (const value of values) {
    const [whole = '0', fraction = ''] = value.split('.');
    cents += BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  }
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}
