import { useParams } from 'react-router';
import { Forbidden } from '@/components/forbidden';
import { SupportRequestPage } from '@/features/admin-support/components/support-request-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminSupportRequestRoute() {
  const { id = '' } = useParams();
  const allowed = useAdminPermission('supportRequest:view');
  if (!allowed) return <Forbidden reason="The support inbox is open to Rampart staff whose admin role grants support requests." />;
  return <SupportRequestPage key={id} id={id} />;
}
