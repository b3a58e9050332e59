import { PhoneIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { VerificationBadge } from '@/features/sso/components/verification-badge';
import { VerificationDialog, type CodeFlow } from '@/features/sso/components/verification-dialog';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { AccountPhone, MyAccountClient, PhoneChallenge } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { toast } from '@/hooks/use-toast';

/** E.164: a plus, the country code and the number, digits only (what the provider stores and texts). */
export const phoneNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international format with its country code, such as +14155550123'));

/** The phone numbers the provider holds: add one (a code is texted to it), verify, remove. */
export function PhonesCard({ client }: { client: MyAccountClient }) {
  const phones = useMyAccountResource(client, (api) => api.getPhones());
  const onFailure = useMyAccountFailure(client);
  const [dialog, setDialog] = useState<{ preset?: AccountPhone } | null>(null);
  const [removing, setRemoving] = useState<AccountPhone | null>(null);

  const challenge = (phone: AccountPhone, retry: boolean) => client.sendPhoneChallenge(phone, retry);
  const addFlow: CodeFlow<PhoneChallenge> = {
    start: async (number) => {
      const existing = phones.data?.find((phone) => phone.phoneNumber === number);
      if (existing?.status === 'VERIFIED')
        throw new MyAccountError('request', `${existing.phoneNumber} is already on your account and verified.`, { status: 400 });
      const phone = existing ?? (await client.addPhone(number));
      if (!existing) void phones.reload();
      return challenge(phone, false);
    },
    resend: (sent) => challenge({ id: sent.phoneId, phoneNumber: sent.phoneNumber, status: 'UNVERIFIED' }, true),
    verify: (sent, code) => client.verifyPhoneChallenge(sent.phoneId, code),
    expiresAt: (sent) => sent.expiresAt,
  };

  return (
    <Card className="gap-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-base">Phone numbers</CardTitle>
          <CardDescription>Numbers your identity provider can text a code to. Each is verified with a code sent by text message.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setDialog({})} disabled={!phones.data}>
          <PlusIcon aria-hidden />
          Add phone number
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {phones.error && !phones.data ? (
          <MyAccountAlert error={phones.error} client={client} title="Could not load your phone numbers" />
        ) : !phones.data ? (
          <Skeleton className="h-14 w-full" />
        ) : phones.data.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            No phone numbers yet. Add one to receive codes by text message.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Phone numbers">
            {phones.data.map((phone) => (
              <li key={phone.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <PhoneIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="font-mono text-sm font-medium">{phone.phoneNumber}</span>
                    <VerificationBadge status={phone.status} />
                  </div>
                </div>
                <div className="flex flex-wrap gap-1">
                  {phone.status === 'UNVERIFIED' && (
                    <Button variant="outline" size="sm" aria-label={`Verify ${phone.phoneNumber}`} onClick={() => setDialog({ preset: phone })}>
                      Verify
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" aria-label={`Remove ${phone.phoneNumber}`} onClick={() => setRemoving(phone)}>
                    Remove
                  </Button>
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
          title={dialog.preset ? 'Verify your phone number' : 'Add a phone number'}
          description={
            dialog.preset
              ? 'We text a 6-digit code to this number; enter it here to verify it.'
              : 'We text a 6-digit code to the number; enter it here to verify it.'
          }
          targetLabel="Phone number"
          targetSchema={phoneNumberSchema}
          targetInput={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+14155550123' }}
          presetTarget={dialog.preset?.phoneNumber}
          sentTo={(number) => `We texted a 6-digit code to ${number}.`}
          flow={dialog.preset ? { ...addFlow, start: () => challenge(dialog.preset!, false) } : addFlow}
          onVerified={(number) => {
            toast({ title: 'Phone number verified', description: `${number} is verified.` });
            void phones.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.phoneNumber ?? ''}?`}
        description="Your identity provider stops texting codes to this number. You can add it again later."
        confirmLabel="Remove"
        busyLabel="Removing"
        destructive
        errorTitle="Could not remove the number"
        describeError={(caught) => onFailure(caught).message}
        onConfirm={async () => {
          if (!removing) return;
          await client.deletePhone(removing.id);
          toast({ title: 'Phone number removed', description: `${removing.phoneNumber} was removed.` });
          await phones.reload();
        }}
      />
    </Card>
  );
}
