import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFieldShell, type FieldBaseProps } from '@/components/form/form-field-shell';
import { PasswordInput } from '@/components/password-input';
import { FormControl } from '@/components/ui/form';

type PasswordProps = Omit<ComponentProps<typeof PasswordInput>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

/** A password field with its show/hide button. */
export function PasswordField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  itemClassName,
  ...input
}: FieldBaseProps<T, TOut> & PasswordProps) {
  return (
    <FormFieldShell control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <FormControl>
          <PasswordInput {...field} {...input} />
        </FormControl>
      )}
    </FormFieldShell>
  );
}
