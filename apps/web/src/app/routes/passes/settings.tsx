import { SettingsScreen } from '@/features/passes/components/settings-screen';

export default function PassesRoute() {
  return <SettingsScreen />;
}
