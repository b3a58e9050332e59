import { useMutation } from '@apollo/client/react';
import { ShieldCheckIcon, ShieldOffIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { ROUTES } from '@/config/routes';
import { ProfileDisableOtpMutation } from '@/features/profile/api/profile';
import { AuthenticatorCodeForm } from '@/features/profile/components/authenticator-code-form';
import type { Profile_UserFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';

export function TwoFactorCard({ user }: { user: Profile_UserFragment }) {
  const [disable] = useMutation(ProfileDisableOtpMutation);
  const [turningOff, setTurningOff] = useState(false);
  return (
    <SectionCard
      className="gap-5"
      contentClassName="flex flex-col gap-4"
      title="Two-factor authentication"
      description="A 6-digit code from an authenticator app at every sign-in."
      action={
        user.isOtpEnabled ? (
          <Badge variant="outline" className="gap-1.5">
            <ShieldCheckIcon className="size-3.5 text-(--success)" aria-hidden /> On
          </Badge>
        ) : (
          <Badge variant="warning" className="gap-1.5">
            <ShieldOffIcon className="size-3.5" aria-hidden /> Off
          </Badge>
        )
      }
    >
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
        <AuthenticatorCodeForm
          label="Turn off two-factor authentication"
          errorTitle="Could not turn it off"
          submitLabel="Turn off two-factor"
          pendingLabel="Turning off"
          destructive
          onConfirm={async (values) => {
            await disable({ variables: values });
            toast({ title: 'Two-factor authentication is off', description: 'You sign in with your password only.' });
            setTurningOff(false);
          }}
          onCancel={() => setTurningOff(false)}
        />
      )}
    </SectionCard>
  );
}
