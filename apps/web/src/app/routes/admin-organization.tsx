import { useParams } from 'react-router';
import { Forbidden } from '@/components/forbidden';
import { OrganizationPage } from '@/features/admin-organizations/components/organization-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminOrganizationRoute() {
  const { organizationId = '' } = useParams();
  const allowed = useAdminPermission('organization:view');
  if (!allowed) return <Forbidden reason="Organizations are open to Rampart staff only." />;
  return <OrganizationPage key={organizationId} organizationId={organizationId} />;
}
