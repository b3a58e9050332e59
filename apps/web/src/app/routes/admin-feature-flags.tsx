import { Forbidden } from '@/components/forbidden';
import { FeatureFlagsPage } from '@/features/admin-flags/components/feature-flags-page';
import { useAdminPermission } from '@/hooks/use-permission';

export default function AdminFeatureFlagsRoute() {
  const allowed = useAdminPermission('featureFlag:view');
  if (!allowed) return <Forbidden reason="Feature flags are open to Rampart staff whose admin role grants feature-flag access." />;
  return <FeatureFlagsPage />;
}
