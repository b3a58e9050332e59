import { useParams } from 'react-router';
import { Forbidden } from '@/components/forbidden';
import { CustomerDetailPage } from '@/features/admin-customers/components/customer-detail-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminCustomerRoute() {
  const { id = '' } = useParams();
  const allowed = useAdminPermission('customer:view');
  if (!allowed) return <Forbidden reason="Partners’ customers are open to Rampart staff whose role may view customers." />;
  return <CustomerDetailPage key={id} id={id} />;
}
