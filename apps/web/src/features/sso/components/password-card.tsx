import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRoundIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import type { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';
import { formatDate } from '@/lib/format';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';

// The provider applies its own password policy and explains a refusal (errorCauses), shown on the field.
const passwordSchema = z
  .object({
    password: z.string().min(1, 'Enter a new password').max(128, 'At most 128 characters'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
type PasswordValues = z.infer<typeof passwordSchema>;

function PasswordDialog({ mode, client, onClose, onSaved }: { mode: 'set' | 'change'; client: MyAccountClient; onClose: () => void; onSaved: () => void }) {
  const onFailure = useMyAccountFailure(client);
  const [error, setError] = useState<MyAccountError | null>(null);
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const title = mode === 'set' ? 'Set password' : 'Change password';

  const submit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      if (mode === 'set') await client.enrollPassword(password);
      else await client.updatePassword(password);
      toast({ title: mode === 'set' ? 'Password set' : 'Password changed', description: `Use it the next time you sign in at ${client.host}.` });
      onSaved();
      onClose();
    } catch (caught) {
      const failure = onFailure(caught);
      const message = failure.fields.password ?? (failure.kind === 'request' && failure.status === 400 ? failure.message : undefined);
      if (message) form.setError('password', { type: 'server', message }, { shouldFocus: true });
      else setError(failure);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !form.formState.isSubmitting) onClose();
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>The password you sign in with at your identity provider ({client.host}).</DialogDescription>
        </DialogHeader>
        <MyAccountAlert error={error} client={client} title="Could not save your password" />
        <Form {...form}>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <PasswordField control={form.control} name="password" label="New password" autoComplete="new-password" autoFocus />
            <PasswordField control={form.control} name="confirmPassword" label="Confirm new password" autoComplete="new-password" />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={form.formState.isSubmitting} onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton pendingLabel="Saving">Save password</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The provider's password: its status and last change, and the changes the provider allows (set, change, remove). */
export function PasswordCard({ client }: { client: MyAccountClient }) {
  const password = useMyAccountResource(client, (api) => api.getPassword());
  const onFailure = useMyAccountFailure(client);
  const [editing, setEditing] = useState<'set' | 'change' | null>(null);
  const [removing, setRemoving] = useState(false);
  const value = password.data;

  return (
    <>
      <SectionCard
        className="gap-5"
        contentClassName="flex flex-col gap-4"
        title="Password"
        description="The password you sign in with at your identity provider."
        action={
          value ? (
            value.status === 'ACTIVE' ? (
              <Badge variant="outline" className="gap-1.5">
                <KeyRoundIcon className="size-3.5 text-(--success)" aria-hidden /> Active
              </Badge>
            ) : (
              <Badge variant="warning">Not set</Badge>
            )
          ) : null
        }
      >
        {password.error && !value ? (
          <MyAccountAlert error={password.error} client={client} title="Could not load your password status" />
        ) : !value ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {value.status === 'ACTIVE'
                ? value.lastUpdated
                  ? `Last changed ${formatDate(value.lastUpdated)}.`
                  : 'Your password is set.'
                : 'You have no password at your identity provider yet.'}
            </p>
            <div className="flex flex-wrap gap-2">
              {value.canEnroll && (
                <Button size="sm" onClick={() => setEditing('set')}>
                  Set password
                </Button>
              )}
              {value.canChange && (
                <Button variant="outline" size="sm" onClick={() => setEditing('change')}>
                  Change password
                </Button>
              )}
              {value.canRemove && (
                <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
                  Remove password
                </Button>
              )}
            </div>
          </>
        )}
      </SectionCard>
      {editing && <PasswordDialog mode={editing} client={client} onClose={() => setEditing(null)} onSaved={() => void password.reload()} />}
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove your password?"
        description={`You then sign in at ${client.host} without a password, with the other ways it offers.`}
        confirmLabel="Remove password"
        busyLabel="Removing"
        destructive
        errorTitle="Could not remove your password"
        describeError={(caught) => onFailure(caught).message}
        onConfirm={async () => {
          await client.deletePassword();
          toast({ title: 'Password removed' });
          await password.reload();
        }}
      />
    </>
  );
}
