import { CommerceWalletsScreen } from '@/features/commerce/components/wallets-screen';

export default function CommerceRoute() {
  return <CommerceWalletsScreen />;
}
