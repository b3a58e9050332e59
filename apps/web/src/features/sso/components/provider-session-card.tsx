import { zodResolver } from '@hookform/resolvers/zod';
import { LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { InputField } from '@/components/form/input-field';
import { PasswordField } from '@/components/form/password-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Form } from '@/components/ui/form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { DetailField } from '@/components/detail-field';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import type { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { labelOf } from '@/lib/labels';

/** Authentication method references (RFC 8176) in words. */
const AMR_LABEL: Record<string, string> = {
  pwd: 'Password',
  otp: 'One-time code',
  sms: 'Text message code',
  tel: 'Phone call',
  email: 'E-mail code',
  mfa: 'Multi-factor',
  mca: 'Multiple channels',
  hwk: 'Security key',
  swk: 'Software key',
  fpt: 'Fingerprint',
  face: 'Face recognition',
  pin: 'PIN',
  kba: 'Security question',
  sc: 'Smart card',
  user: 'User presence',
};

const signInSchema = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail address').max(254, 'At most 254 characters'),
  password: z.string().min(1, 'Enter your password').max(1024, 'At most 1024 characters'),
});
type SignInValues = z.infer<typeof signInSchema>;

/**
 * Starts a new provider session from here: the provider checks the password (classic authn) and sets its session
 * cookie on a short redirect through it (its session-cookie redirect), which comes back to this page.
 */
function ProviderSignInForm({ client }: { client: MyAccountClient }) {
  const location = useLocation();
  const onFailure = useMyAccountFailure(client);
  const [error, setError] = useState<MyAccountError | null>(null);
  const form = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { username: client.signedInAs() ?? '', password: '' } });

  const submit = form.handleSubmit(async ({ username, password }) => {
    setError(null);
    try {
      await client.startSession(username, password, `${location.pathname}${location.search}`);
    } catch (caught) {
      const failure = onFailure(caught);
      if (failure.fields.password) form.setError('password', { type: 'server', message: failure.fields.password }, { shouldFocus: true });
      else setError(failure);
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={`Sign in at ${client.host}`}>
        <MyAccountAlert error={error} client={client} title="Could not start a session" />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField control={form.control} name="username" label="E-mail" type="email" autoComplete="username" />
          <PasswordField control={form.control} name="password" label="Password" autoComplete="current-password" />
        </div>
        <div>
          <SubmitButton size="sm" pendingLabel="Signing in">
            Sign in at {client.host}
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

/** The provider's own session (GET /api/v1/sessions/me): when it started and ends, and ending it. */
export function ProviderSessionCard({ client }: { client: MyAccountClient }) {
  const session = useMyAccountResource(client, (api) => api.getSession());
  const onFailure = useMyAccountFailure(client);
  const [ending, setEnding] = useState(false);
  const [ended, setEnded] = useState(false);
  const value = session.data;

  return (
    <>
      <SectionCard
        className="gap-5"
        title="Identity provider session"
        description={
          <>Your sign-in at {client.host}. While it lasts, single sign-on does not ask for your password; working in Rampart keeps it from expiring.</>
        }
        action={
          value ? (
            <Button variant="outline" size="sm" onClick={() => setEnding(true)}>
              <LogOutIcon aria-hidden />
              End session
            </Button>
          ) : null
        }
      >
        {session.error && session.data === undefined ? (
          <MyAccountAlert error={session.error} client={client} title="Could not load your identity provider session" />
        ) : session.data === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : !value ? (
          <div className="flex flex-col gap-4">
            <p role="status" className="rounded-md border border-dashed px-4 py-6 text-sm text-muted-foreground">
              {ended ? 'Your identity provider session has ended.' : `You have no session at ${client.host}.`} Your next single sign-on asks for your password
              again; you stay signed in to Rampart on this device. To start a session now, sign in at {client.host} below: you come back to this page.
            </p>
            <ProviderSignInForm client={client} />
          </div>
        ) : (
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 [&_dd]:font-medium">
            {value.login && (
              <DetailField label="Signed in as" breakAll>
                {value.login}
              </DetailField>
            )}
            <DetailField label="Started">{formatDateTime(value.createdAt)}</DetailField>
            <DetailField label="Expires">
              {formatDateTime(value.expiresAt)}
              {value.expiresAt && <span className="font-normal text-muted-foreground"> ({formatRelativeTime(value.expiresAt)})</span>}
            </DetailField>
            <DetailField label="Last password check">
              {value.lastPasswordVerification ? formatDateTime(value.lastPasswordVerification) : 'None in this session'}
            </DetailField>
            {value.amr.length > 0 && (
              <div className="flex flex-col gap-1 sm:col-span-2">
                <dt className="text-xs text-muted-foreground">Signed in with</dt>
                <dd className="flex flex-wrap gap-1.5">
                  {value.amr.map((method) => (
                    <Badge key={method} variant="secondary">
                      {labelOf(AMR_LABEL, method)}
                    </Badge>
                  ))}
                </dd>
              </div>
            )}
          </dl>
        )}
      </SectionCard>
      <ConfirmDialog
        open={ending}
        onClose={() => setEnding(false)}
        title="End your identity provider session?"
        description={`${client.host} signs you out, so your next single sign-on asks for your password. You stay signed in to Rampart on this device.`}
        confirmLabel="End session"
        busyLabel="Ending the session"
        destructive
        errorTitle="Could not end the session"
        describeError={(caught) => onFailure(caught).message}
        onConfirm={async () => {
          await client.endSession();
          setEnded(true);
          session.set(null);
          toast({ title: 'Identity provider session ended' });
        }}
      />
    </>
  );
}
