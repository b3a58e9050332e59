import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileLayout } from '@/features/profile/components/profile-layout';
import { SecuritySettings } from '@/features/profile/components/security-settings';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { SsoSecuritySettings } from '@/features/sso/components/sso-security-settings';
import { SSO_PROFILE_DESCRIPTION, useProfileOwner } from '@/features/sso/hooks/use-profile-owner';

/**
 * /profile/security: for a user signed in with SSO, the identity provider's phone numbers, password and session, then
 * Rampart's sessions (two-factor authentication is the provider's business); today's screen otherwise.
 */
export default function ProfileSecurityRoute() {
  const owner = useProfileOwner();
  return (
    <ProfileLayout title="Security" description={owner.ssoConfig ? SSO_PROFILE_DESCRIPTION : undefined}>
      {owner.error ? (
        <ErrorAlert title="Could not load your security settings" message={owner.error} />
      ) : owner.loading ? (
        <Skeleton className="h-80 w-full" />
      ) : owner.ssoConfig ? (
        <div className="flex flex-col gap-6">
          <SsoSecuritySettings config={owner.ssoConfig} />
          <SessionsCard />
        </div>
      ) : (
        <SecuritySettings />
      )}
    </ProfileLayout>
  );
}
