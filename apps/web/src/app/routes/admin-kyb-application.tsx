import { useParams } from 'react-router';
import { Forbidden } from '@/components/forbidden';
import { ApplicationPage } from '@/features/kyb-review/components/application-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminKybApplicationRoute() {
  const { applicationId = '' } = useParams();
  const allowed = useAdminPermission('kyb:view');
  if (!allowed) return <Forbidden reason="Business verification is open to Rampart staff whose admin role grants KYB access." />;
  return <ApplicationPage key={applicationId} applicationId={applicationId} />;
}
