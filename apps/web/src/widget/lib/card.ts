// The test card form: number grouping, Luhn check, expiry and CVC, all on strings.
import { passesLuhn } from '@rampart/shared/cards';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits, as the longest cards). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(value: string): boolean {
  const digits = digitsOnly(value);
  if (digits.length < 12 || digits.length > 19) return false;
  return passesLuhn(digits);
}

/** While typing: "1230" → "12 / 30"; a leading 2–9 is a month of its own ("4" → "04"). */
export function formatExpiryTyping(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export type ParsedExpiry = { ok: true; month: string; year: string } | { ok: false; error: string };

/** "MM / YY" (or "MM/YYYY") → month "07", four-digit year "2030"; refuses a past month. */
export function parseExpiry(value: string, now = new Date()): ParsedExpiry {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value.replace(/\s+\/\s+/, '/'));
  if (!match) return { ok: false, error: 'Enter the expiry date as MM / YY.' };
  const month = Number(match[1]);
  if (month < 1 || month > 12) return { ok: false, error: 'The month must be between 01 and 12.' };
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return { ok: false, error: 'This card has expired.' };
  if (year > thisYear + 20) return { ok: false, error: 'Check the expiry year.' };
  return { ok: true, month: String(month).padStart(2, '0'), year: String(year) };
}

export function cvcValid(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}
