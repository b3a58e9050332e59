import { Forbidden } from '@/components/forbidden';
import { CurrenciesPage } from '@/features/admin-catalog/components/currencies-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminCurrenciesRoute() {
  const allowed = useAdminPermission('currency:view');
  if (!allowed) return <Forbidden reason="Currency suspensions are open to Rampart staff whose admin role grants currency access." />;
  return <CurrenciesPage />;
}
