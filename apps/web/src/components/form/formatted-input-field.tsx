import type { FieldValues } from 'react-hook-form';
import { ControlField, type FieldBaseProps } from '@/components/form/form-field-shell';
import type { InputProps } from '@/components/form/input-field';
import { Input } from '@/components/ui/input';

/** A text field that rewrites what is typed as it is typed (a card number in groups, an id in capitals). */
export function FormattedInputField<T extends FieldValues, TOut = T>({
  format,
  ...props
}: FieldBaseProps<T, TOut> & InputProps & { format: (typed: string) => string }) {
  return (
    <ControlField<T, TOut, InputProps>
      {...props}
      render={(field, input) => <Input {...field} value={field.value ?? ''} onChange={(event) => field.onChange(format(event.target.value))} {...input} />}
    />
  );
}
