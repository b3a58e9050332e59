import { Forbidden } from '@/components/forbidden';
import { WalletsPage } from '@/features/admin-catalog/components/wallets-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminWalletsRoute() {
  const allowed = useAdminPermission('wallet:view');
  if (!allowed) return <Forbidden reason="Blocked and trusted wallet addresses are open to Rampart staff whose admin role grants wallet access." />;
  return <WalletsPage />;
}
