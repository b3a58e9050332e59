import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ControlField, type ControlProps, type FieldBaseProps } from '@/components/form/form-field-shell';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export type InputProps = ControlProps<ComponentProps<typeof Input>>;

/** A text field of a react-hook-form form: its label, the input, an optional description, and its error. */
export function InputField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & InputProps) {
  return <ControlField<T, TOut, InputProps> {...props} render={(field, input) => <Input {...field} value={field.value ?? ''} {...input} />} />;
}

/** A URL field: the URL keyboard, and no autocomplete or spell check. */
export function UrlField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & InputProps) {
  return <InputField<T, TOut> inputMode="url" autoComplete="off" spellCheck={false} {...props} />;
}

/** A field of machine text (an address, id or token): monospace, and no autocomplete, capitals or spell check. */
export function CodeField<T extends FieldValues, TOut = T>({ className, ...props }: FieldBaseProps<T, TOut> & InputProps) {
  return <InputField<T, TOut> autoComplete="off" autoCapitalize="off" spellCheck={false} className={cn('font-mono', className)} {...props} />;
}
