import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileLayout } from '@/features/profile/components/profile-layout';
import { SSO_PROFILE_DESCRIPTION, useProfileOwner } from '@/features/sso/hooks/use-profile-owner';
import type { SsoConfig } from '@/features/sso/lib/okta-auth';

/** A profile page: the identity provider's screens when it owns the signed-in user's profile, Rampart's own otherwise. */
export function ProfileOwnerPage({
  title,
  errorTitle,
  sso,
  rampart,
}: {
  title: string;
  /** The alert's title when who owns the profile cannot be found out. */
  errorTitle: string;
  sso: (config: SsoConfig) => ReactNode;
  rampart: ReactNode;
}) {
  const owner = useProfileOwner();
  return (
    <ProfileLayout title={title} description={owner.ssoConfig ? SSO_PROFILE_DESCRIPTION : undefined}>
      {owner.error ? (
        <ErrorAlert title={errorTitle} message={owner.error} />
      ) : owner.loading ? (
        <Skeleton className="h-80 w-full" />
      ) : owner.ssoConfig ? (
        sso(owner.ssoConfig)
      ) : (
        rampart
      )}
    </ProfileLayout>
  );
}
