import { Forbidden } from '@/components/forbidden';
import { OrganizationsPage } from '@/features/organizations/components/organizations-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminOrganizationsRoute() {
  const allowed = useAdminPermission('organization:view');
  if (!allowed) return <Forbidden reason="Searching organizations is open to Rampart staff only." />;
  return <OrganizationsPage />;
}
