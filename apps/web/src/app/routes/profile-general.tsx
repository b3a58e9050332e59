import { ProfileOwnerPage } from '@/app/routes/profile-owner-page';
import { GeneralSettings } from '@/features/profile/components/general-settings';
import { SsoGeneralSettings } from '@/features/sso/components/sso-general-settings';

/** /profile/general: the identity provider's profile for a user signed in with SSO, Rampart's own otherwise. */
export default function ProfileGeneralRoute() {
  return (
    <ProfileOwnerPage
      title="General"
      errorTitle="Could not load your profile"
      sso={(config) => <SsoGeneralSettings config={config} />}
      rampart={<GeneralSettings />}
    />
  );
}
