import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { commercePath, commerceSectionFor } from '@/features/commerce/lib/commerce';
import { usePermission } from '@/hooks/use-permission';
import { Forbidden } from '@/components/forbidden';
import { QueryErrorAlert } from '@/components/query-boundary';

/** /commerce: the section the account's state calls for. */
export function CommerceIndex() {
  const canRead = usePermission('commerce:read');
  const { onboarding, error, loading } = useHelioOnboarding({ fetchPolicy: 'network-only' });
  if (!canRead) return <Forbidden reason="Commerce is open to the account's administrators. Ask one of them for access." />;
  if (error) return <QueryErrorAlert title="Could not load commerce" error={error} />;
  if (loading || !onboarding) return <PageSpinner />;
  return <Navigate to={commercePath(commerceSectionFor(onboarding.merchantAccount?.status))} replace />;
}
