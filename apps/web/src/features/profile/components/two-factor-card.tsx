import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { otpCodeSchema } from '@rampart/shared/identity-schemas';
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { ROUTES } from '@/config/routes';
import { ProfileDisableOtpMutation } from '@/features/profile/api/profile';
import type { Profile_UserFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useServerSubmit } from '@/hooks/use-server-submit';
import { CodeField } from '@/components/form/code-field';
import { SubmitButton } from '@/components/form/submit-button';

const schema = z.object({ otpToken: otpCodeSchema });

export function TwoFactorCard({ user }: { user: Profile_UserFragment }) {
  const [disable] = useMutation(ProfileDisableOtpMutation);
  const [turningOff, setTurningOff] = useState(false);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otpToken: '' } });

  const {
    onSubmit: submit,
    generalError,
    setGeneralError,
  } = useServerSubmit(form, { otpToken: 'otpToken' }, async (values) => {
    await disable({ variables: values });
    toast({ title: 'Two-factor authentication is off', description: 'You sign in with your password only.' });
    setTurningOff(false);
    form.reset();
  });

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">Two-factor authentication</CardTitle>
          <CardDescription>A 6-digit code from an authenticator app at every sign-in.</CardDescription>
        </div>
        {user.isOtpEnabled ? (
          <Badge variant="outline" className="gap-1.5">
            <ShieldCheckIcon className="size-3.5 text-(--success)" aria-hidden /> On
          </Badge>
        ) : (
          <Badge variant="warning" className="gap-1.5">
            <ShieldOffIcon className="size-3.5" aria-hidden /> Off
          </Badge>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!user.isOtpEnabled ? (
          <Button asChild className="w-fit">
            <Link to={ROUTES.setup2fa}>Turn on two-factor authentication</Link>
          </Button>
        ) : user.isOtpEnforced ? (
          <p className="text-sm text-muted-foreground">Your organization requires two-factor authentication, so it cannot be turned off.</p>
        ) : user.adminRole ? (
          <p className="text-sm text-muted-foreground">Rampart staff keep two-factor authentication on, so it cannot be turned off.</p>
        ) : !turningOff ? (
          <Button variant="outline" className="w-fit" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        ) : (
          <Form {...form}>
            <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Turn off two-factor authentication">
              <ErrorAlert message={generalError} title="Could not turn it off" />
              <CodeField control={form.control} name="otpToken" label="Code from your authenticator app" autoFocus itemClassName="sm:max-w-xs" />
              <div className="flex gap-2">
                <SubmitButton pendingLabel="Turning off" variant="destructive">
                  Turn off two-factor
                </SubmitButton>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setTurningOff(false);
                    setGeneralError(null);
                    form.reset();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
