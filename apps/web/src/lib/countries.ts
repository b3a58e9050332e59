import { COUNTRY_CODES } from '@rampart/shared/onboarding';
import type { ComboboxOption } from '@/components/form/combobox';
import { formatCountry } from '@/lib/format';

let cached: ComboboxOption[] | null = null;

/** Every ISO country, named in the reader's language and sorted by that name, its code as the hint. */
export function countryOptions(): readonly ComboboxOption[] {
  cached ??= COUNTRY_CODES.map((code) => ({ value: code, label: formatCountry(code), hint: code })).sort((a, b) => a.label.localeCompare(b.label));
  return cached;
}
