import { PREFERRED_CURRENCIES } from '@rampart/shared/enums';
import type { FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { SelectField } from '@/components/form/select-field';
import { PREFERRED_CURRENCY_LABEL } from '@/lib/labels';

const CURRENCY_OPTIONS = PREFERRED_CURRENCIES.map((code) => ({ value: code, label: PREFERRED_CURRENCY_LABEL[code] }));

/**
 * The reader's preferred (fiat) currency. Three choices, so a select rather than a search: its trigger shows the
 * chosen currency's name.
 */
export function CurrencyField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & { disabled?: boolean; triggerClassName?: string }) {
  return <SelectField {...props} options={CURRENCY_OPTIONS} />;
}
