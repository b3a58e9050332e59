import { Forbidden } from '@/components/forbidden';
import { StaffAuditPage } from '@/features/audit/components/staff-audit-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminAuditRoute() {
  const allowed = useAdminPermission('auditTrail:view');
  if (!allowed) return <Forbidden reason="The audit trail is open to Rampart staff whose admin role grants audit access." />;
  return <StaffAuditPage />;
}
