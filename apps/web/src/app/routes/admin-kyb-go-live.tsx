import { Forbidden } from '@/components/forbidden';
import { GoLiveQueue } from '@/features/kyb-review/components/go-live-queue';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminKybGoLiveRoute() {
  const allowed = useAdminPermission('kyb:view');
  if (!allowed) return <Forbidden reason="Go-live requests are open to Rampart staff whose admin role grants KYB access." />;
  return <GoLiveQueue />;
}
