import { useQuery } from '@apollo/client/react';
import { KeyRoundIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { SsoPasswordModelQuery } from '@/features/sso/api/require-sso';

/**
 * Which password is which, for a user signed in with SSO (host: the identity provider's): the provider's only when
 * the organization requires single sign-on, else the Rampart password still works besides it.
 */
export function SsoPasswordNote({ host }: { host: string }) {
  const { data } = useQuery(SsoPasswordModelQuery);
  const me = data?.me;
  if (!me) return null;
  return (
    <Alert>
      <KeyRoundIcon aria-hidden />
      <AlertTitle>{me.isSsoRequired ? `Your password is managed by ${host}` : 'Two passwords'}</AlertTitle>
      <AlertDescription>
        <p>
          {me.isSsoRequired
            ? `Your organization requires single sign-on: you sign in to Rampart only through ${host}, with the password below. Your Rampart password is not used.`
            : me.hasPassword
              ? `The password below is the one you sign in with at ${host}. Your Rampart password still works besides single sign-on on Rampart’s sign-in form: it is a separate password, and changing one does not change the other.`
              : `The password below is the one you sign in with at ${host}. You have no Rampart password: you sign in with single sign-on.`}
        </p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Rampart's own security screen for a user linked to single sign-on (signed in with the Rampart password, or with SSO
 * while the provider's account management is off): which password the screen changes.
 */
export function RampartPasswordNote() {
  const { data } = useQuery(SsoPasswordModelQuery);
  const me = data?.me;
  if (!me || (!me.isSsoLinked && !me.isSsoRequired)) return null;
  return (
    <Alert>
      <KeyRoundIcon aria-hidden />
      <AlertTitle>{me.isSsoRequired ? 'Your password is managed by your identity provider' : 'Two passwords'}</AlertTitle>
      <AlertDescription>
        <p>
          {me.isSsoRequired
            ? 'Your organization requires single sign-on: you sign in to Rampart only through your identity provider, and change your password there. A Rampart password is not used.'
            : 'The password on this screen is your Rampart password, for Rampart’s sign-in form. Single sign-on uses your password at your identity provider, which is separate: changing one does not change the other.'}
        </p>
      </AlertDescription>
    </Alert>
  );
}
