import { ProfileLayout } from '@/features/profile/components/profile-layout';
import { SecuritySettings } from '@/features/profile/components/security-settings';

export default function ProfileSecurityRoute() {
  return (
    <ProfileLayout title="Security">
      <SecuritySettings />
    </ProfileLayout>
  );
}
