import { PassesHomeScreen } from '@/features/passes/components/projects-screen';

export default function PassesRoute() {
  return <PassesHomeScreen />;
}
