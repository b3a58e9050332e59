import { emailSchema } from '@rampart/shared/identity-schemas';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ContactListCard } from '@/features/sso/components/contact-list-card';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { VerificationBadge } from '@/features/sso/components/verification-badge';
import type { CodeFlow } from '@/features/sso/components/verification-dialog';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { AccountEmail, EmailChallenge, MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';

const isPrimary = (email: AccountEmail) => email.roles.includes('PRIMARY');

/**
 * The e-mail addresses the provider holds: add one (a code is mailed to it), verify, make a verified one primary,
 * remove any but the primary. `onPrimaryChanged` runs after the primary address changed (Rampart copies it).
 */
export function EmailsCard({ client, onPrimaryChanged }: { client: MyAccountClient; onPrimaryChanged: () => Promise<string | null> }) {
  const emails = useMyAccountResource(client, (api) => api.getEmails());
  const onFailure = useMyAccountFailure(client);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [error, setError] = useState<MyAccountError | null>(null);
  const list = [...(emails.data ?? [])].sort((a, b) => Number(isPrimary(b)) - Number(isPrimary(a)) || a.email.localeCompare(b.email));

  const addFlow: CodeFlow<EmailChallenge> = {
    start: async (address) => {
      // An address added earlier but never verified is challenged again rather than added twice.
      const existing = emails.data?.find((email) => email.email.toLowerCase() === address.toLowerCase());
      if (existing?.status === 'VERIFIED') throw new MyAccountError('request', `${existing.email} is already on your account and verified.`, { status: 400 });
      const email = existing ?? (await client.addEmail(address));
      if (!existing) void emails.reload();
      return client.sendEmailChallenge(email);
    },
    resend: (challenge) => client.sendEmailChallenge({ id: challenge.emailId, email: challenge.email, roles: [], status: 'UNVERIFIED' }),
    verify: (challenge, code) => client.verifyEmailChallenge(challenge, code),
    expiresAt: (challenge) => challenge.expiresAt,
  };

  async function makePrimary(email: AccountEmail) {
    setPendingId(email.id);
    setError(null);
    try {
      await client.makePrimaryEmail(email.email);
      await emails.reload();
      const notCopied = await onPrimaryChanged();
      toast(
        notCopied
          ? {
              variant: 'destructive',
              title: 'Primary e-mail changed; Rampart still shows the old one',
              description: `You sign in with ${email.email} from now on, but Rampart could not copy it: ${notCopied} It is copied at your next sign-in.`,
            }
          : { title: 'Primary e-mail changed', description: `You sign in with ${email.email} from now on.` },
      );
    } catch (caught) {
      setError(onFailure(caught));
    } finally {
      setPendingId(null);
    }
  }

  return (
    <ContactListCard
      client={client}
      onFailure={onFailure}
      resource={emails}
      items={list}
      title="E-mail addresses"
      description="You sign in with the primary address. New addresses are verified with a code sent to them."
      addLabel="Add e-mail"
      icon={MailIcon}
      valueOf={(email) => email.email}
      value={(email) => <span className="text-sm font-medium break-all">{email.email}</span>}
      badges={(email) => (
        <span className="flex flex-wrap gap-1.5">
          {isPrimary(email) && <Badge>Primary</Badge>}
          <VerificationBadge status={email.status} />
        </span>
      )}
      actions={(email) =>
        email.status === 'VERIFIED' &&
        !isPrimary(email) && (
          <Button variant="outline" size="sm" aria-label={`Make ${email.email} primary`} disabled={pendingId !== null} onClick={() => void makePrimary(email)}>
            {pendingId === email.id && <Spinner label="Making it primary" />}
            Make primary
          </Button>
        )
      }
      canRemove={(email) => !isPrimary(email)}
      removeDisabled={pendingId !== null}
      alert={<MyAccountAlert error={error} client={client} title="Could not change your e-mail addresses" />}
      loadErrorTitle="Could not load your e-mail addresses"
      loading={
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      }
      verification={{
        title: (preset) => (preset ? 'Verify your e-mail address' : 'Add an e-mail address'),
        description: (preset) =>
          preset
            ? 'We send a 6-digit code to this address; enter it here to verify it.'
            : 'We send a 6-digit code to the new address; enter it here to verify it.',
        targetLabel: 'E-mail address',
        targetSchema: emailSchema,
        targetInput: { type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
        sentTo: (address) => `We sent a 6-digit code to ${address}.`,
        addFlow,
        challenge: (email) => client.sendEmailChallenge(email),
        verifiedTitle: 'E-mail address verified',
      }}
      removal={{
        description: 'The address is removed from your identity provider account. You can add it again later.',
        errorTitle: 'Could not remove the address',
        remove: (email) => client.deleteEmail(email.id),
        removedTitle: 'E-mail address removed',
      }}
    />
  );
}
