import { GeneralSettings } from '@/features/profile/components/general-settings';
import { ProfileLayout } from '@/features/profile/components/profile-layout';

export default function ProfileGeneralRoute() {
  return (
    <ProfileLayout title="General">
      <GeneralSettings />
    </ProfileLayout>
  );
}
