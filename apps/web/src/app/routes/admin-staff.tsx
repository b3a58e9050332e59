import { Forbidden } from '@/components/forbidden';
import { StaffPage } from '@/features/admin-staff/components/staff-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminStaffRoute() {
  const allowed = useAdminPermission('staff:view');
  if (!allowed) return <Forbidden reason="Managing the staff is open to Rampart staff whose role allows it only." />;
  return <StaffPage />;
}
