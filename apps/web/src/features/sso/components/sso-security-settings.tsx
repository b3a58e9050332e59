import { Skeleton } from '@/components/ui/skeleton';
import { AccountManagedNote } from '@/features/sso/components/account-managed-note';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { PasswordCard } from '@/features/sso/components/password-card';
import { SsoPasswordNote } from '@/features/sso/components/password-model-note';
import { PhonesCard } from '@/features/sso/components/phones-card';
import { ProviderSessionCard } from '@/features/sso/components/provider-session-card';
import { useMyAccountClient } from '@/features/sso/hooks/use-my-account';
import type { SsoConfig } from '@/features/sso/lib/okta-auth';

/** /profile/security for a user signed in with SSO: the provider's phone numbers, password and session. */
export function SsoSecuritySettings({ config }: { config: SsoConfig }) {
  const { client, error } = useMyAccountClient(config);
  const host = new URL(config.issuer).host;
  return (
    <div className="flex flex-col gap-6">
      <AccountManagedNote host={host}>Your phone numbers, password and sign-in session are kept at your identity provider.</AccountManagedNote>
      <SsoPasswordNote host={host} />
      {error ? (
        <MyAccountAlert error={error} client={client} title="Could not load single sign-on" />
      ) : !client ? (
        <>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-40 w-full" />
        </>
      ) : (
        <>
          <PhonesCard client={client} />
          <PasswordCard client={client} />
          <ProviderSessionCard client={client} />
        </>
      )}
    </div>
  );
}
