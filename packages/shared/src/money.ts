import Decimal from 'decimal.js';

// The bounds of an amount in its currency (plain digits, the currency's decimals, a maximum size), without decimal.js.
export { amountFormatProblem, amountProblem, MAX_AMOUNT_WHOLE_DIGITS } from './amounts.ts';

// Amounts travel as decimal strings; arithmetic goes through decimal.js, never through floats.
const AMOUNT_PATTERN = /^-?(0|[1-9]\d{0,29})(\.\d{1,18})?$/;

export function isDecimalString(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

export function parseDecimal(value: string): Decimal {
  if (!isDecimalString(value)) throw new RangeError(`"${value}" is not a decimal amount`);
  return new Decimal(value);
}

export function addAmounts(...values: string[]): string {
  return values.reduce((sum, value) => sum.plus(parseDecimal(value)), new Decimal(0)).toFixed();
}

export function multiplyAmount(value: string, rate: string): string {
  return parseDecimal(value).times(parseDecimal(rate)).toFixed();
}

export function compareAmounts(a: string, b: string): number {
  return parseDecimal(a).comparedTo(parseDecimal(b));
}

/** Formats a decimal string for display without passing through a float. */
export function formatMoney(value: string, currencyCode: string, locale?: string): string {
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: currencyCode.toUpperCase() });
  // Intl accepts decimal strings as exact values (Intl.NumberFormat v3).
  return formatter.format(value as unknown as number);
}
