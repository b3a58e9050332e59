import { DashboardScreen } from '@/features/dashboards/components/dashboard-screen';
import { GettingStartedCard } from '@/features/getting-started/components/getting-started-card';

export default function DashboardRoute() {
  return <DashboardScreen guide={<GettingStartedCard />} />;
}
