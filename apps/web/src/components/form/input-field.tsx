import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ControlField, type ControlProps, type FieldBaseProps } from '@/components/form/form-field-shell';
import { Input } from '@/components/ui/input';

export type InputProps = ControlProps<ComponentProps<typeof Input>>;

/** A text field of a react-hook-form form: its label, the input, an optional description, and its error. */
export function InputField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & InputProps) {
  return <ControlField<T, TOut, InputProps> {...props} render={(field, input) => <Input {...field} value={field.value ?? ''} {...input} />} />;
}
