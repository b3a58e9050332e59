import { ProfileOwnerPage } from '@/app/routes/profile-owner-page';
import { SecuritySettings } from '@/features/profile/components/security-settings';
import { SessionsCard } from '@/features/profile/components/sessions-card';
import { RampartPasswordNote } from '@/features/sso/components/password-model-note';
import { SsoSecuritySettings } from '@/features/sso/components/sso-security-settings';

/**
 * /profile/security: for a user signed in with SSO, the identity provider's phone numbers, password and session, then
 * Rampart's sessions (two-factor authentication is the provider's business); today's screen otherwise.
 */
export default function ProfileSecurityRoute() {
  return (
    <ProfileOwnerPage
      title="Security"
      errorTitle="Could not load your security settings"
      sso={(config) => (
        <div className="flex flex-col gap-6">
          <SsoSecuritySettings config={config} />
          <SessionsCard />
        </div>
      )}
      rampart={
        <div className="flex flex-col gap-6">
          <RampartPasswordNote />
          <SecuritySettings />
        </div>
      }
    />
  );
}
