import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountManagedNote } from '@/features/sso/components/account-managed-note';
import { EmailsCard } from '@/features/sso/components/emails-card';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { PreferredCurrencyCard } from '@/features/sso/components/preferred-currency-card';
import { ProfileCard } from '@/features/sso/components/profile-card';
import { useMyAccountClient } from '@/features/sso/hooks/use-my-account';
import { useSyncWithProvider } from '@/features/sso/hooks/use-sync-with-provider';
import type { SsoConfig } from '@/features/sso/lib/okta-auth';

/** /profile/general for a user signed in with SSO: the provider's profile and e-mail addresses, and Rampart's currency. */
export function SsoGeneralSettings({ config }: { config: SsoConfig }) {
  const { client, error } = useMyAccountClient(config);
  const syncWithProvider = useSyncWithProvider(client);
  // The profile shows the primary address: it is read again after the primary changed.
  const [profileVersion, setProfileVersion] = useState(0);
  const host = new URL(config.issuer).host;
  return (
    <div className="flex flex-col gap-6">
      <AccountManagedNote host={host}>
        Your profile and e-mail addresses are saved at your identity provider, where you also sign in with them.
      </AccountManagedNote>
      {error ? (
        <MyAccountAlert error={error} client={client} title="Could not load single sign-on" />
      ) : !client ? (
        <>
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-48 w-full" />
        </>
      ) : (
        <>
          <ProfileCard key={profileVersion} client={client} onSaved={syncWithProvider} />
          <EmailsCard
            client={client}
            onPrimaryChanged={async () => {
              setProfileVersion((version) => version + 1);
              return syncWithProvider();
            }}
          />
        </>
      )}
      <PreferredCurrencyCard />
    </div>
  );
}
