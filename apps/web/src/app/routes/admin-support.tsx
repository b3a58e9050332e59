import { Forbidden } from '@/components/forbidden';
import { SupportInboxPage } from '@/features/admin-support/components/support-inbox-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminSupportRoute() {
  const allowed = useAdminPermission('supportRequest:view');
  if (!allowed) return <Forbidden reason="The support inbox is open to Rampart staff whose admin role grants support requests." />;
  return <SupportInboxPage />;
}
