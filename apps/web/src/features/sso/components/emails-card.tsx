import { emailSchema } from '@rampart/shared/identity-schemas';
import { MailIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { VerificationBadge } from '@/features/sso/components/verification-badge';
import { VerificationDialog, type CodeFlow } from '@/features/sso/components/verification-dialog';
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
  const [dialog, setDialog] = useState<{ preset?: AccountEmail } | null>(null);
  const [removing, setRemoving] = useState<AccountEmail | null>(null);
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
    <Card className="gap-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">E-mail addresses</CardTitle>
          <CardDescription>You sign in with the primary address. New addresses are verified with a code sent to them.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setDialog({})} disabled={!emails.data}>
          <PlusIcon aria-hidden />
          Add e-mail
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <MyAccountAlert error={error} client={client} title="Could not change your e-mail addresses" />
        {emails.error && !emails.data ? (
          <MyAccountAlert error={emails.error} client={client} title="Could not load your e-mail addresses" />
        ) : !emails.data ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="E-mail addresses">
            {list.map((email) => (
              <li key={email.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <MailIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="text-sm font-medium break-all">{email.email}</span>
                    <span className="flex flex-wrap gap-1.5">
                      {isPrimary(email) && <Badge>Primary</Badge>}
                      <VerificationBadge status={email.status} />
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  {email.status === 'UNVERIFIED' && (
                    <Button variant="outline" size="sm" aria-label={`Verify ${email.email}`} onClick={() => setDialog({ preset: email })}>
                      Verify
                    </Button>
                  )}
                  {email.status === 'VERIFIED' && !isPrimary(email) && (
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Make ${email.email} primary`}
                      disabled={pendingId !== null}
                      onClick={() => void makePrimary(email)}
                    >
                      {pendingId === email.id && <Spinner label="Making it primary" />}
                      Make primary
                    </Button>
                  )}
                  {!isPrimary(email) && (
                    <Button variant="ghost" size="sm" aria-label={`Remove ${email.email}`} disabled={pendingId !== null} onClick={() => setRemoving(email)}>
                      Remove
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {dialog && (
        <VerificationDialog
          open
          onClose={() => setDialog(null)}
          client={client}
          onFailure={onFailure}
          title={dialog.preset ? 'Verify your e-mail address' : 'Add an e-mail address'}
          description={
            dialog.preset
              ? 'We send a 6-digit code to this address; enter it here to verify it.'
              : 'We send a 6-digit code to the new address; enter it here to verify it.'
          }
          targetLabel="E-mail address"
          targetSchema={emailSchema}
          targetInput={{ type: 'email', autoComplete: 'email', placeholder: 'you@example.com' }}
          presetTarget={dialog.preset?.email}
          sentTo={(address) => `We sent a 6-digit code to ${address}.`}
          flow={dialog.preset ? { ...addFlow, start: () => client.sendEmailChallenge(dialog.preset!) } : addFlow}
          onVerified={(address) => {
            toast({ title: 'E-mail address verified', description: `${address} is verified.` });
            void emails.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.email ?? ''}?`}
        description="The address is removed from your identity provider account. You can add it again later."
        confirmLabel="Remove"
        busyLabel="Removing"
        destructive
        errorTitle="Could not remove the address"
        describeError={(caught) => onFailure(caught).message}
        onConfirm={async () => {
          if (!removing) return;
          await client.deleteEmail(removing.id);
          toast({ title: 'E-mail address removed', description: `${removing.email} was removed.` });
          await emails.reload();
        }}
      />
    </Card>
  );
}
