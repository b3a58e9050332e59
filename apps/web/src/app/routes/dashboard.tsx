import { DashboardScreen } from '@/features/dashboards/components/dashboard-screen';

export default function DashboardRoute() {
  return <DashboardScreen />;
}
