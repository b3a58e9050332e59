import { PhoneIcon } from 'lucide-react';
import { z } from 'zod';
import { Skeleton } from '@/components/ui/skeleton';
import { ContactListCard } from '@/features/sso/components/contact-list-card';
import { VerificationBadge } from '@/features/sso/components/verification-badge';
import type { CodeFlow } from '@/features/sso/components/verification-dialog';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { AccountPhone, MyAccountClient, PhoneChallenge } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';

/** E.164: a plus, the country code and the number, digits only (what the provider stores and texts). */
export const phoneNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international format with its country code, such as +14155550123'));

/** The phone numbers the provider holds: add one (a code is texted to it), verify, remove. */
export function PhonesCard({ client }: { client: MyAccountClient }) {
  const phones = useMyAccountResource(client, (api) => api.getPhones());
  const onFailure = useMyAccountFailure(client);

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
    <ContactListCard
      client={client}
      onFailure={onFailure}
      resource={phones}
      items={phones.data ?? []}
      title="Phone numbers"
      description="Numbers your identity provider can text a code to. Each is verified with a code sent by text message."
      addLabel="Add phone number"
      icon={PhoneIcon}
      valueOf={(phone) => phone.phoneNumber}
      value={(phone) => <span className="font-mono text-sm font-medium">{phone.phoneNumber}</span>}
      badges={(phone) => <VerificationBadge status={phone.status} />}
      loadErrorTitle="Could not load your phone numbers"
      loading={<Skeleton className="h-14 w-full" />}
      empty={
        <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No phone numbers yet. Add one to receive codes by text message.
        </p>
      }
      verification={{
        title: (preset) => (preset ? 'Verify your phone number' : 'Add a phone number'),
        description: (preset) =>
          preset ? 'We text a 6-digit code to this number; enter it here to verify it.' : 'We text a 6-digit code to the number; enter it here to verify it.',
        targetLabel: 'Phone number',
        targetSchema: phoneNumberSchema,
        targetInput: { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+14155550123' },
        sentTo: (number) => `We texted a 6-digit code to ${number}.`,
        addFlow,
        challenge: (phone) => challenge(phone, false),
        verifiedTitle: 'Phone number verified',
      }}
      removal={{
        description: 'Your identity provider stops texting codes to this number. You can add it again later.',
        errorTitle: 'Could not remove the number',
        remove: (phone) => client.deletePhone(phone.id),
        removedTitle: 'Phone number removed',
      }}
    />
  );
}
