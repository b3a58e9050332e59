import { KeysScreen } from '@/features/passes/components/keys-screen';

export default function PassesRoute() {
  return <KeysScreen />;
}
