import { Forbidden } from '@/components/forbidden';
import { BlockedListPage } from '@/features/kyb-review/components/blocked-list-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminBlockedRoute() {
  const allowed = useAdminPermission('blockedCountry:view');
  if (!allowed) return <Forbidden reason="The blocked list is open to Rampart staff whose admin role grants blocked-country access." />;
  return <BlockedListPage />;
}
