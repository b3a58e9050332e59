import { PayoutsScreen } from '@/features/developers/components/payouts-screen';

export default function DevelopersRoute() {
  return <PayoutsScreen />;
}
