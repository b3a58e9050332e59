import { COUNTRY_CODES } from '@rampart/shared/onboarding';
import type { CountryOption } from '@/components/country-combobox';
import { formatCountry } from '@/lib/format';

let cached: CountryOption[] | null = null;

/** Every ISO country, named in the reader's language and sorted by that name. */
export function countryOptions(): readonly CountryOption[] {
  cached ??= COUNTRY_CODES.map((code) => ({ code, name: formatCountry(code) })).sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}
