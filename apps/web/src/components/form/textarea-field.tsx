import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFieldShell, type FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

type TextareaProps = Omit<ComponentProps<typeof Textarea>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

/** A multi-line text field. */
export function TextareaField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  itemClassName,
  ...textarea
}: FieldBaseProps<T, TOut> & TextareaProps) {
  return (
    <FormFieldShell control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => (
        <FormControl>
          <Textarea {...field} value={field.value ?? ''} {...textarea} />
        </FormControl>
      )}
    </FormFieldShell>
  );
}
