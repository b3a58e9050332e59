import { CommerceAccountScreen } from '@/features/commerce/components/account-screen';

export default function CommerceRoute() {
  return <CommerceAccountScreen />;
}
