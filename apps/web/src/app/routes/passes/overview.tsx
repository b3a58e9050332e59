import { OverviewScreen } from '@/features/passes/components/overview-screen';

export default function PassesRoute() {
  return <OverviewScreen />;
}
