// The one formatter of the web app: amounts, dates and times, counts and percentages, in the reader's locale.
// Decimal strings go to Intl as strings (exact, never through a float); a locale and time zone can be passed so tests
// are deterministic, otherwise the browser's are used.
import { currencyDecimals, tickerOf } from '@rampart/shared/assets';
import { FIAT_CURRENCIES } from '@rampart/shared/transactions';

// The label tables moved to labels.ts; re-exported so existing imports keep working.
export {
  BLOCKED_ACTION_LABEL,
  BLOCKED_KIND_LABEL,
  DOMAIN_REVIEW_LABEL,
  KYB_DOCUMENT_TYPE_LABEL,
  KYB_LEVEL_LABEL,
  KYB_PERSON_ROLE_LABEL,
  labelOf,
  PRODUCT_LABEL,
  REVIEW_STATUS_LABEL,
} from './labels';

export interface FormatOptions {
  /** BCP 47 locale; the reader's by default. */
  locale?: string;
  /** IANA time zone; the reader's by default. */
  timeZone?: string;
}

const NBSP = '\u00a0';
const FIAT = new Set<string>(FIAT_CURRENCIES);

/** Intl objects are costly to build and tables format thousands of cells: one per locale and options. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(`n|${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

function isFiat(code: string): boolean {
  if (FIAT.has(code)) return true;
  // Crypto tickers such as BTC are well-formed ISO codes to Intl; only real currencies get the currency style.
  if (code.length !== 3 || code.includes('_')) return false;
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('currency').includes(code.toUpperCase());
  } catch {
    return false;
  }
}

/** A decimal string as Intl takes it: exact, and "-0" read as zero. */
function asIntlNumber(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  // Intl.NumberFormat formats decimal strings exactly (ES2023); the cast only satisfies the older lib typings.
  return (/^-0*\.?0*$/.test(text) ? '0' : text) as unknown as number;
}

/** Whether a string is a plain decimal number Intl can take ("12", "-0.5", "1e-8" are; "abc" is not). */
function isNumeric(value: string | number): boolean {
  return typeof value === 'number' ? Number.isFinite(value) : /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim());
}

/**
 * An amount of money or crypto: fiat with Intl's currency style ("$1,234.50", "1.234,50 €"), crypto with the asset's
 * own decimals and its ticker after the number ("0.0082 BTC", "366.85 USDT"). Joined by non-breaking spaces so an
 * amount never wraps. Fiat keeps extra decimals a rate carries ("$0.000018") rather than rounding them away.
 */
export function formatAmount(value: string | number | null | undefined, code: string | null | undefined, options: FormatOptions = {}): string {
  if (value == null || value === '' || !isNumeric(value)) return value == null || value === '' ? '—' : String(value);
  const number = asIntlNumber(value);
  const lower = (code ?? '').toLowerCase();
  if (!lower) return numberFormat(options.locale, { maximumFractionDigits: 8 }).format(number);
  if (isFiat(lower)) {
    const base = numberFormat(options.locale, { style: 'currency', currency: lower.toUpperCase() });
    const digits = base.resolvedOptions().minimumFractionDigits ?? 2;
    return numberFormat(options.locale, {
      style: 'currency',
      currency: lower.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 8),
    })
      .format(number)
      .replace(/ /g, NBSP);
  }
  const formatted = numberFormat(options.locale, { minimumFractionDigits: 0, maximumFractionDigits: currencyDecimals(lower) }).format(number);
  return `${formatted}${NBSP}${tickerOf(lower)}`.replace(/ /g, NBSP);
}

/** A decimal string as an integer of units and its scale: "-12.345" → { units: -12345n, scale: 3 }. */
function toUnits(value: string): { units: bigint; scale: number } | null {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (match[2] === '' && !match[3])) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2] || '0'}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

/**
 * The product of two decimal strings, rounded half away from zero to `places` decimals, exact (BigInt, no float):
 * an amount in another currency from its rate, for display. Null when either is not a decimal number.
 */
export function multiplyDecimal(a: string | null | undefined, b: string | null | undefined, places: number): string | null {
  const x = a == null ? null : toUnits(a);
  const y = b == null ? null : toUnits(b);
  if (!x || !y) return null;
  const product = x.units * y.units;
  const drop = x.scale + y.scale - places;
  let units = product;
  if (drop > 0) {
    const divisor = 10n ** BigInt(drop);
    const negative = product < 0n;
    const magnitude = negative ? -product : product;
    const rounded = (magnitude + divisor / 2n) / divisor;
    units = negative ? -rounded : rounded;
  } else if (drop < 0) {
    units = product * 10n ** BigInt(-drop);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = places > 0 ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return negative && /[1-9]/.test(whole) ? `-${whole}` : whole;
}

/** A whole count in the reader's locale ("12,345"); `compact` for tight spaces ("12K"). */
export function formatCount(value: number | null | undefined, options: FormatOptions & { compact?: boolean } = {}): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return numberFormat(options.locale, options.compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 }).format(value);
}

/** A ratio as a percentage: 0.256 → "25.6%" (at most one decimal unless asked). */
export function formatPercent(ratio: number | null | undefined, options: FormatOptions & { maximumFractionDigits?: number } = {}): string {
  if (ratio == null || !Number.isFinite(ratio)) return '—';
  return numberFormat(options.locale, { style: 'percent', maximumFractionDigits: options.maximumFractionDigits ?? 1 }).format(ratio);
}

/** The reader's time zone, as named where the zone matters. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dateTimeFormat(options: FormatOptions, parts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `d|${options.locale ?? ''}|${options.timeZone ?? ''}|${JSON.stringify(parts)}`,
    () => new Intl.DateTimeFormat(options.locale, { ...parts, timeZone: options.timeZone }),
  );
}

/** The one date style of the app: "Nov 23, 2026". */
const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
/** …with the time: "Nov 23, 2026, 2:05 PM" (seconds where an order of events matters, such as the audit trail). */
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * A moment as date and time in the reader's locale and time zone. `zone: true` names the zone ("… 2:05 PM UTC") —
 * on detail pages, exports and the audit trail, where a time is evidence rather than a hint.
 */
export function formatDateTime(value: string | number | Date | null | undefined, options: FormatOptions & { zone?: boolean; seconds?: boolean } = {}): string {
  if (value == null || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  const parts: Intl.DateTimeFormatOptions = {
    ...DATE_PARTS,
    ...TIME_PARTS,
    ...(options.seconds ? { second: '2-digit' } : {}),
    ...(options.zone ? { timeZoneName: 'short' } : {}),
  };
  return dateTimeFormat(options, parts).format(date);
}

/** A moment as a date only ("Nov 23, 2026"), in the reader's time zone. */
export function formatDate(value: string | number | Date | null | undefined, options: FormatOptions = {}): string {
  if (value == null || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  return dateTimeFormat(options, DATE_PARTS).format(date);
}

/** A time of day only ("2:05 PM"), for events of one day listed under their date. */
export function formatTime(value: string | number | Date | null | undefined, options: FormatOptions = {}): string {
  if (value == null || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  return dateTimeFormat(options, TIME_PARTS).format(date);
}

const RELATIVE_STEPS: Array<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }> = [
  { unit: 'second', seconds: 1, below: 60 },
  { unit: 'minute', seconds: 60, below: 3600 },
  { unit: 'hour', seconds: 3600, below: 86_400 },
  { unit: 'day', seconds: 86_400, below: 86_400 * 30 },
  { unit: 'month', seconds: 86_400 * 30, below: 86_400 * 365 },
  { unit: 'year', seconds: 86_400 * 365, below: Number.POSITIVE_INFINITY },
];

/** How long ago (or until) a moment is: "3 minutes ago", "yesterday", "in 2 hours"; "now" within ten seconds. */
export function formatRelativeTime(value: string | number | Date | null | undefined, options: FormatOptions & { now?: Date | number } = {}): string {
  if (value == null || value === '') return '—';
  const date = toDate(value);
  if (!date) return String(value);
  const now = options.now instanceof Date ? options.now.getTime() : (options.now ?? Date.now());
  const seconds = (date.getTime() - now) / 1000;
  const format = cached(`r|${options.locale ?? ''}`, () => new Intl.RelativeTimeFormat(options.locale, { numeric: 'auto' }));
  if (Math.abs(seconds) < 10) return format.format(0, 'second');
  // Rounded, not truncated: a 7-day invitation a few seconds old still expires "in 7 days".
  const step = RELATIVE_STEPS.find((candidate) => Math.abs(Math.round(seconds / candidate.seconds)) * candidate.seconds < candidate.below)!;
  return format.format(Math.round(seconds / step.seconds), step.unit);
}

export const STATUS_TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  completed: 'default',
  Completed: 'default',
  failed: 'destructive',
  Failed: 'destructive',
  frozen: 'warning',
};

/** Badge tone of a KYC identity-check status (spec §4) or customer level. */
export const IDENTITY_TONE: Record<string, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  Clear: 'default',
  Full: 'default',
  Failed: 'destructive',
  Rejected: 'destructive',
  Blocked: 'destructive',
  Pending: 'warning',
  Reset: 'warning',
  NotStarted: 'outline',
};

type Tone = 'default' | 'secondary' | 'destructive' | 'outline' | 'warning';

/** One tone per meaning: waiting on someone (warning), being worked on (secondary), done (default), refused (destructive). */
export const REVIEW_STATUS_TONE: Record<string, Tone> = {
  NotStarted: 'outline',
  Draft: 'secondary',
  Pending: 'warning',
  InProgress: 'secondary',
  OnHold: 'warning',
  Approved: 'default',
  Rejected: 'destructive',
};

export const DOMAIN_REVIEW_TONE: Record<string, Tone> = { clear: 'default', rejected: 'destructive', pending: 'warning' };

export const BLOCKED_ACTION_TONE: Record<string, Tone> = { Block: 'destructive', Redirect: 'warning' };

/** A country code as a name in the reader's language (the code itself when unknown). */
export function formatCountry(code: string | null | undefined, options: Pick<FormatOptions, 'locale'> = {}): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames(options.locale, { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** File sizes in the user's locale: "812 B", "1.4 MB". */
export function formatBytes(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // "48 bytes" reads better than "48 byte"; larger units are short ("1.4 MB").
  return new Intl.NumberFormat(undefined, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A calendar date (YYYY-MM-DD, such as a date of birth) in the user's locale, without shifting it across time zones. */
export function formatCalendarDate(value: string | null | undefined, options: Pick<FormatOptions, 'locale'> = {}): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value || '—';
  return dateTimeFormat({ locale: options.locale, timeZone: 'UTC' }, DATE_PARTS).format(new Date(`${value}T00:00:00Z`));
}
