import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { newPasswordSchema } from '@rampart/shared/identity-schemas';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/form/form-card';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { ProfileActiveSessionsQuery, ProfileUpdateUserMutation } from '@/features/profile/api/profile';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { PasswordField } from '@/components/form/password-field';

const schema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });

export function ChangePasswordCard() {
  const [update] = useMutation(ProfileUpdateUserMutation, { refetchQueries: [ProfileActiveSessionsQuery] });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { currentPassword: '', password: '', confirmPassword: '' } });

  const { onSubmit: submit, generalError } = useServerSubmit(form, { currentPassword: 'currentPassword', password: 'password' }, async (values) => {
    await update({ variables: { currentPassword: values.currentPassword, password: values.password } });
    form.reset();
    toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
  });

  return (
    <FormCard
      form={form}
      onSubmit={submit}
      label="Change password"
      title="Password"
      description="Changing it signs you out everywhere except on this device."
      submitLabel="Change password"
    >
      <ErrorAlert message={generalError} title="Could not change your password" />
      <PasswordField control={form.control} name="currentPassword" label="Current password" autoComplete="current-password" itemClassName="sm:max-w-sm" />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField control={form.control} name="password" label="New password" autoComplete="new-password" />
        <PasswordField control={form.control} name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
      </div>
    </FormCard>
  );
}
