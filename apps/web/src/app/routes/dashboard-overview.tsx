import { OverviewScreen } from '@/features/dashboards/components/overview-screen';

export default function DashboardOverviewRoute({ path }: { path: string }) {
  return <OverviewScreen path={path} />;
}
