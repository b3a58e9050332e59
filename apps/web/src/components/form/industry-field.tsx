import { BUSINESS_INDUSTRIES } from '@rampart/shared/onboarding';
import type { FieldValues } from 'react-hook-form';
import { ComboboxField } from '@/components/form/combobox-field';
import type { ComboboxOption } from '@/components/form/combobox';
import type { FieldBaseProps } from '@/components/form/form-field-shell';

const INDUSTRY_OPTIONS: readonly ComboboxOption[] = BUSINESS_INDUSTRIES.map((industry) => ({ value: industry, label: industry }));

/** The business's industry, from the one list the server also checks. */
export function IndustryField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & { disabled?: boolean }) {
  return (
    <ComboboxField
      {...props}
      options={INDUSTRY_OPTIONS}
      placeholder="Choose an industry"
      listLabel="Industries"
      noMatch={(query) => `No industry matches “${query}”`}
    />
  );
}
