// A customer's pricing region from their country; its own file so the widget bundle reads it without decimal.js.
import type { PRICING_REGIONS } from './enums.ts';

type PricingRegion = (typeof PRICING_REGIONS)[number];

/** Two-letter country codes of the European Economic Area. */
const EEA = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IS',
  'IE',
  'IT',
  'LV',
  'LI',
  'LT',
  'LU',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];
const ASIA_EAST = ['CN', 'HK', 'JP', 'KR', 'MO', 'MN', 'TW', 'SG', 'MY', 'TH', 'VN', 'PH', 'ID'];

/** The pricing region of a customer's country (ISO 3166 alpha-2). */
export function regionOfCountry(country: string): PricingRegion {
  const code = country.toUpperCase();
  const direct: Record<string, PricingRegion> = { US: 'US', GB: 'UK', CA: 'CA', BR: 'BR', NG: 'NG', AU: 'Australia' };
  if (direct[code]) return direct[code];
  if (EEA.includes(code)) return 'EEA';
  if (ASIA_EAST.includes(code)) return 'AsiaEast';
  return 'Global';
}
