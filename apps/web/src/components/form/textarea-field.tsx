import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ControlField, type ControlProps, type FieldBaseProps } from '@/components/form/form-field-shell';
import { Textarea } from '@/components/ui/textarea';

type TextareaProps = ControlProps<ComponentProps<typeof Textarea>>;

/** A multi-line text field. */
export function TextareaField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & TextareaProps) {
  return <ControlField<T, TOut, TextareaProps> {...props} render={(field, textarea) => <Textarea {...field} value={field.value ?? ''} {...textarea} />} />;
}
