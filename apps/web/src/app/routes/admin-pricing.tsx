import { Forbidden } from '@/components/forbidden';
import { PricingPage } from '@/features/admin-pricing/components/pricing-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminPricingRoute() {
  const allowed = useAdminPermission('pricingRule:view');
  if (!allowed) return <Forbidden reason="Partner pricing is open to Rampart staff whose admin role grants pricing rule access." />;
  return <PricingPage />;
}
