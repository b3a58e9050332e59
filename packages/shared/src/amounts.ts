// What an amount typed or sent for a currency may be: plain digits, no more decimals than the currency has, and a
// bounded size. Free of decimal.js (strings only) so the widget's bundle can check amounts the way the server does.

/** Decimals shown and settled per fiat currency. */
export const FIAT_DECIMALS: Record<string, number> = { usd: 2, eur: 2, gbp: 2, cad: 2, aud: 2, brl: 2, ngn: 2, jpy: 0 };

/** Digits an amount may have before its point, in any currency: every amount is below 10^15. */
export const MAX_AMOUNT_WHOLE_DIGITS = 15;

const PLAIN = /^\d+(\.\d+)?$/;
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;

/** Why `value` is not an amount in any currency (plain digits, not negative, at most 15 digits before the point), or null. */
export function amountFormatProblem(value: string): string | null {
  const text = value.trim();
  if (EXPONENT.test(text)) return 'Write the amount in plain digits, such as 100 or 0.05: an exponent such as 1e3 is not accepted.';
  if (text.startsWith('-')) return 'Enter an amount above zero.';
  if (!PLAIN.test(text)) return 'Enter an amount such as 100 or 0.05.';
  if (text.split('.')[0]!.replace(/^0+/, '').length > MAX_AMOUNT_WHOLE_DIGITS)
    return `The amount is too large: at most ${MAX_AMOUNT_WHOLE_DIGITS} digits before the decimal point.`;
  return null;
}

/**
 * Why `value` is not an amount of a currency with `decimals` decimals (`unit` names it, e.g. "USD"), or null. Trailing
 * zeros do not count as decimals ("100.000" is a USD amount); zero passes here (callers say what the least is).
 */
export function amountProblem(value: string, decimals: number, unit: string): string | null {
  const format = amountFormatProblem(value);
  if (format) return format;
  const fraction = value.trim().split('.')[1] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals)
    return decimals === 0 ? `${unit} amounts are whole numbers: no decimals.` : `${unit} amounts have at most ${decimals} decimals.`;
  return null;
}
