import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFieldShell, type FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

export type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

/** A text field of a react-hook-form form: its label, the input, an optional description, and its error. */
export function InputField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  itemClassName,
  ...input
}: FieldBaseProps<T, TOut> & InputProps) {
  return (
    <FormFieldShell control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <FormControl>
          <Input {...field} value={field.value ?? ''} {...input} />
        </FormControl>
      )}
    </FormFieldShell>
  );
}
