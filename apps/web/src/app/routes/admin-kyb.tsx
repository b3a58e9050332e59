import { Forbidden } from '@/components/forbidden';
import { ApplicationsQueue } from '@/features/kyb-review/components/applications-queue';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminKybRoute() {
  const allowed = useAdminPermission('kyb:view');
  if (!allowed) return <Forbidden reason="Business verification is open to Rampart staff whose admin role grants KYB access." />;
  return <ApplicationsQueue />;
}
