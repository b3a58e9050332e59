import { PoliciesScreen } from '@/features/passes/components/policies-screen';

export default function PassesRoute() {
  return <PoliciesScreen />;
}
