import { Navigate } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageSpinner } from '@/components/ui/spinner';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { commercePath, commerceSectionFor } from '@/features/commerce/lib/commerce';
import { usePermission } from '@/hooks/use-permission';
import { Forbidden } from '@/components/forbidden';
import { describeApiError } from '@/lib/graphql-errors';

/** /commerce: the section the account's state calls for. */
export function CommerceIndex() {
  const canRead = usePermission('commerce:read');
  const { onboarding, error, loading } = useHelioOnboarding({ fetchPolicy: 'network-only' });
  if (!canRead) return <Forbidden reason="Commerce is open to the account's administrators. Ask one of them for access." />;
  if (error) return <ErrorAlert message={describeApiError(error).message} title="Could not load commerce" />;
  if (loading || !onboarding) return <PageSpinner />;
  return <Navigate to={commercePath(commerceSectionFor(onboarding.merchantAccount?.status))} replace />;
}
