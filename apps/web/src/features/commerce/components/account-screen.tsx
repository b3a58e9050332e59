import { HELIO_MERCHANT_STATUS_LABEL } from '@rampart/shared/commerce';
import { Link } from 'react-router';
import { CopyButton } from '@/components/copy-button';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DetailRow } from '@/components/detail-field';
import { CommerceFrame } from '@/features/commerce/components/commerce-frame';
import { useHelioOnboarding } from '@/features/commerce/components/use-helio-onboarding';
import { commercePath, HELIO_STATUS_MEANING } from '@/features/commerce/lib/commerce';
import { merchantAccountDescription, merchantStatusText } from '@/features/commerce/lib/onboarding-words';
import { formatDateTime } from '@/lib/format';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The merchant account: status, ids, business details, provider. */
export function CommerceAccountScreen() {
  const { onboarding, loading, error } = useHelioOnboarding();
  const account = onboarding?.merchantAccount ?? null;
  return (
    <CommerceFrame width="form" title="Merchant account" description={merchantAccountDescription(account?.provider ?? onboarding?.provider ?? 'helio')}>
      {error && <QueryErrorAlert title="Could not load the merchant account" error={error} />}
      {loading && !onboarding ? (
        <Skeleton className="h-72 w-full" />
      ) : !account ? (
        onboarding && (
          <Card>
            <CardHeader>
              <CardTitle>No merchant account yet</CardTitle>
              <CardDescription>Set up commerce to create one.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to={commercePath('intro')}>Read about commerce</Link>
              </Button>
            </CardContent>
          </Card>
        )
      ) : (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-3">
              <CardTitle>{account.businessName}</CardTitle>
              <StatusBadge meaning={HELIO_STATUS_MEANING[account.status]} data-testid="merchant-status">
                {HELIO_MERCHANT_STATUS_LABEL[account.status]}
              </StatusBadge>
            </div>
            <CardDescription>{merchantStatusText(account.status, account.provider)}</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <DetailRow label="Merchant id">
                <span className="flex min-w-0 items-center gap-1">
                  <code className="min-w-0 font-mono text-sm break-all">{account.merchantId}</code>
                  <CopyButton value={account.merchantId} label="Copy the merchant id" />
                </span>
              </DetailRow>
              <DetailRow label="Business name">{account.businessName}</DetailRow>
              <DetailRow label="Contact e-mail">
                <span className="break-all">{account.contactEmail}</span>
              </DetailRow>
              <DetailRow label="Provider">{account.provider === 'helio' ? 'Helio' : 'Built-in (sandbox)'}</DetailRow>
              <DetailRow label="Created">{formatDateTime(account.createdAt)}</DetailRow>
              <DetailRow label="Onboarding finished">{account.onboardingCompletedAt ? formatDateTime(account.onboardingCompletedAt) : 'Not yet'}</DetailRow>
            </dl>
            {(account.status === 'created' || account.status === 'rejected') && (
              <div className="pt-4">
                <Button asChild variant="outline">
                  <Link to={commercePath('onboarding')}>{account.status === 'created' ? 'Continue onboarding' : 'What to do next'}</Link>
                </Button>
              </div>
            )}
            {account.status === 'active' && (
              <div className="pt-4">
                <Button asChild variant="outline">
                  <Link to={commercePath('wallets')}>Manage payout wallets</Link>
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      )}
    </CommerceFrame>
  );
}
