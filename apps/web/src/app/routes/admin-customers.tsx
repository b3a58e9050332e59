import { Forbidden } from '@/components/forbidden';
import { CustomersPage } from '@/features/admin-customers/components/customers-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminCustomersRoute() {
  const allowed = useAdminPermission('customer:view');
  if (!allowed) return <Forbidden reason="Partners’ customers are open to Rampart staff whose role may view customers." />;
  return <CustomersPage />;
}
