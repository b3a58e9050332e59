import { PassDetailScreen } from '@/features/passes/components/pass-detail-screen';

export default function PassesRoute() {
  return <PassDetailScreen />;
}
