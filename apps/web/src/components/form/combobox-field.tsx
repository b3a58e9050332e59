import type { FieldValues } from 'react-hook-form';
import { Combobox, type ComboboxProps } from '@/components/form/combobox';
import { FormFieldShell, type FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl } from '@/components/ui/form';

export type ComboboxFieldProps<T extends FieldValues, TOut = T> = FieldBaseProps<T, TOut> &
  Pick<ComboboxProps, 'options' | 'listLabel' | 'noMatch' | 'placeholder' | 'disabled' | 'className'>;

/** A searchable choice from a long list (countries, industries): type to filter, arrows and Enter or a click to choose. */
export function ComboboxField<T extends FieldValues, TOut = T>({ control, name, label, description, itemClassName, ...combobox }: ComboboxFieldProps<T, TOut>) {
  return (
    <FormFieldShell control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <FormControl>
          <Combobox {...combobox} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
        </FormControl>
      )}
    </FormFieldShell>
  );
}
