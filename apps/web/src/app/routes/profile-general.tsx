import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { GeneralSettings } from '@/features/profile/components/general-settings';
import { ProfileLayout } from '@/features/profile/components/profile-layout';
import { SsoGeneralSettings } from '@/features/sso/components/sso-general-settings';
import { SSO_PROFILE_DESCRIPTION, useProfileOwner } from '@/features/sso/hooks/use-profile-owner';

/** /profile/general: the identity provider's profile for a user signed in with SSO, Rampart's own otherwise. */
export default function ProfileGeneralRoute() {
  const owner = useProfileOwner();
  return (
    <ProfileLayout title="General" description={owner.ssoConfig ? SSO_PROFILE_DESCRIPTION : undefined}>
      {owner.error ? (
        <ErrorAlert title="Could not load your profile" message={owner.error} />
      ) : owner.loading ? (
        <Skeleton className="h-80 w-full" />
      ) : owner.ssoConfig ? (
        <SsoGeneralSettings config={owner.ssoConfig} />
      ) : (
        <GeneralSettings />
      )}
    </ProfileLayout>
  );
}
