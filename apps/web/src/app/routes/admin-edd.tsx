import { Forbidden } from '@/components/forbidden';
import { EddQueuePage } from '@/features/admin-customers/components/edd-queue-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminEddRoute() {
  const allowed = useAdminPermission('edd:view');
  if (!allowed) return <Forbidden reason="The enhanced due diligence queue is open to Rampart compliance staff only." />;
  return <EddQueuePage />;
}
