import type { FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { InputField, type InputProps } from '@/components/form/input-field';
import { cn } from '@/lib/utils';

/** A 6-digit one-time code (authenticator app, e-mail or SMS): numeric keyboard, autofill from the message, monospace. */
export function CodeField<T extends FieldValues, TOut = T>({ className, ...props }: FieldBaseProps<T, TOut> & InputProps) {
  return (
    <InputField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder="123456"
      {...props}
      className={cn('font-mono tracking-[0.3em]', className)}
    />
  );
}
