import { GeneralSettingsScreen } from '@/features/developers/components/general-settings-screen';

export default function DevelopersRoute() {
  return <GeneralSettingsScreen />;
}
