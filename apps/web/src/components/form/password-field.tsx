import type { ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ControlField, type ControlProps, type FieldBaseProps } from '@/components/form/form-field-shell';
import { PasswordInput } from '@/components/password-input';

type PasswordProps = ControlProps<ComponentProps<typeof PasswordInput>>;

/** A password field with its show/hide button. */
export function PasswordField<T extends FieldValues, TOut = T>(props: FieldBaseProps<T, TOut> & PasswordProps) {
  return <ControlField<T, TOut, PasswordProps> {...props} render={(field, input) => <PasswordInput {...field} {...input} />} />;
}

/** The hint under a field that sets a new password. */
export const NEW_PASSWORD_HINT = 'At least 12 characters. Avoid common passwords.';
