import { Forbidden } from '@/components/forbidden';
import { PaymentMethodsPage } from '@/features/admin-pricing/components/payment-methods-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminPaymentMethodsRoute() {
  const allowed = useAdminPermission('paymentMethod:view');
  if (!allowed) return <Forbidden reason="Payment methods are open to Rampart staff whose admin role grants payment method access." />;
  return <PaymentMethodsPage />;
}
