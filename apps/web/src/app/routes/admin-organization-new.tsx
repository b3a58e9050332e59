import { Forbidden } from '@/components/forbidden';
import { CreateOrganizationPage } from '@/features/admin-organizations/components/create-organization-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminOrganizationNewRoute() {
  // Creating an organization creates its first account: both permissions (the server checks both).
  const mayCreateOrganization = useAdminPermission('organization:create');
  const mayCreateAccount = useAdminPermission('account:create');
  if (!mayCreateOrganization || !mayCreateAccount)
    return <Forbidden reason="Creating organizations is open to Rampart staff whose admin role may create organizations and accounts." />;
  return <CreateOrganizationPage />;
}
