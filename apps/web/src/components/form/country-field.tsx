import type { FieldValues } from 'react-hook-form';
import { Combobox, type ComboboxOption, type ComboboxProps } from '@/components/form/combobox';
import { ComboboxField } from '@/components/form/combobox-field';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { countryOptions } from '@/lib/countries';

const COUNTRY_TEXTS = {
  placeholder: 'Search for a country',
  listLabel: 'Countries',
  noMatch: (query: string) => `No country matches “${query}”`,
} as const;

/** A country picker outside a form field (e.g. the quote calculator); `countries` narrows the list. */
export function CountryCombobox({
  countries = countryOptions(),
  ...props
}: Omit<ComboboxProps, 'options' | 'listLabel' | 'noMatch'> & { countries?: readonly ComboboxOption[] }) {
  return <Combobox {...props} {...COUNTRY_TEXTS} options={countries} />;
}

/** A country of a form: every ISO country by its name in the reader's language; the value is the ISO code. */
export function CountryField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & { disabled?: boolean }) {
  return <ComboboxField {...props} {...COUNTRY_TEXTS} options={countryOptions()} />;
}
