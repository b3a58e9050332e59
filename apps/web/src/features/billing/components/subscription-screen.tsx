import { useQuery, useReactiveVar } from '@apollo/client/react';
import { WHAT_A_PAID_PLAN_ADDS, type BillingInterval } from '@rampart/shared/billing';
import { CircleAlertIcon, CircleCheckIcon, ExternalLinkIcon, XIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { AccountPlanQuery, BillingQuery } from '@/features/billing/api/billing';
import { BillingConfirmDialog } from '@/features/billing/components/confirm-dialog';
import { InvoicesSection } from '@/features/billing/components/invoices-table';
import { catalogProducts, PlansGrid, toPriceInfo } from '@/features/billing/components/plans-grid';
import { SubscriptionCard } from '@/features/billing/components/subscription-card';
import { useBillingActions } from '@/features/billing/lib/use-billing-actions';
import { catalogPrice, resumeLabel } from '@/features/billing/lib/wording';
import { usePermission } from '@/hooks/use-permission';
import { selectedAccountIdVar } from '@/lib/local-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

/** /subscription and /dashboard/{product}/subscribe: the plans, the current subscription and its invoices. */
export function SubscriptionScreen({ productLabel }: { productLabel?: string }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canRead = usePermission('billing:read');
  useDocumentTitle(`${productLabel ? `${productLabel} · Subscribe` : 'Subscription'} · Rampart`);

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Subscription</h1>
        <p className="text-sm text-muted-foreground">
          {productLabel
            ? `${productLabel} goes live once your business is verified, on any plan. ${WHAT_A_PAID_PLAN_ADDS}`
            : 'Your plan, invoices and billing details.'}
        </p>
      </div>
      {!accountId ? null : canRead ? <BillingOverview accountId={accountId} /> : <ReadOnlyPlans accountId={accountId} />}
    </PageLayout>
  );
}

function CheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  if (outcome !== 'success' && outcome !== 'cancelled') return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  };
  return (
    <Alert variant={outcome === 'success' ? 'success' : 'default'} className="pr-12">
      {outcome === 'success' ? <CircleCheckIcon aria-hidden /> : <CircleAlertIcon aria-hidden />}
      <AlertTitle>{outcome === 'success' ? 'Payment received' : 'Checkout cancelled'}</AlertTitle>
      <AlertDescription>
        {outcome === 'success' ? 'Your new plan is active. The invoice is below.' : 'Nothing was charged. Your plan has not changed.'}
      </AlertDescription>
      <Button variant="ghost" size="icon" className="absolute top-2 right-2 size-8" aria-label="Dismiss" onClick={dismiss}>
        <XIcon aria-hidden />
      </Button>
    </Alert>
  );
}

function BillingOverview({ accountId }: { accountId: string }) {
  const location = useLocation();
  const { data, loading, error, refetch } = useQuery(BillingQuery, { variables: { accountId } });
  const billing = data?.billing ?? null;
  const products = useMemo(() => data?.stripeProducts ?? [], [data]);
  const subscription = billing?.subscription ?? null;
  const currentProduct = subscription ? (products.find((product) => product.lookupKey === subscription.priceLookupKey) ?? null) : null;
  const currentPrice = subscription ? (currentProduct ? toPriceInfo(currentProduct) : catalogPrice(subscription.priceLookupKey)) : null;
  const [interval, setChosenInterval] = useState<BillingInterval | null>(null);
  const shownInterval = interval ?? currentPrice?.interval ?? 'month';
  const actions = useBillingActions(accountId, billing, currentPrice, ['Billing_Overview']);
  const returnPath = location.pathname;

  if (error && !data) return <QueryErrorAlert title="Could not load your subscription" error={error} onRetry={refetch} />;
  if (loading && !data) {
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-36 w-full" />
        <div className="grid gap-4 md:grid-cols-3">
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
          <Skeleton className="h-80" />
        </div>
      </div>
    );
  }
  if (!billing) return null;
  const manage = billing.canManage;

  return (
    <>
      <CheckoutReturn />
      <ErrorAlert message={actions.error} title="Could not open the billing page" />
      {!manage && (
        <Alert>
          <CircleAlertIcon aria-hidden />
          <AlertTitle>View only</AlertTitle>
          <AlertDescription>Only the account's administrators change the plan or the payment method.</AlertDescription>
        </Alert>
      )}
      <SubscriptionCard
        billing={billing}
        price={currentPrice}
        actions={
          manage && subscription ? (
            <>
              <Button variant="outline" onClick={() => void actions.openPortal(returnPath)} disabled={actions.opening}>
                {actions.opening ? <Spinner label="Opening" /> : <ExternalLinkIcon aria-hidden />}
                Manage billing
              </Button>
              {subscription.cancelAtPeriodEnd ||
              (subscription.scheduledPriceLookupKey && subscription.scheduledPriceLookupKey !== subscription.priceLookupKey) ? (
                <Button onClick={actions.askResume}>{resumeLabel(subscription)}</Button>
              ) : (
                <Button variant="ghost" className="text-destructive hover:text-destructive" onClick={actions.askCancel}>
                  Cancel subscription
                </Button>
              )}
            </>
          ) : null
        }
      />
      <PlansGrid
        products={products}
        currentPlan={billing.plan}
        currentPrice={currentPrice}
        interval={shownInterval}
        onIntervalChange={setChosenInterval}
        onChoose={manage ? (choice) => actions.choose(choice, returnPath) : null}
        busyPriceId={actions.busyPriceId}
      />
      <InvoicesSection headingId="invoices-heading" invoices={billing.invoices} />
      <BillingConfirmDialog request={actions.confirm} onClose={actions.closeConfirm} />
    </>
  );
}

/** Members without billing access see the plans and their own, and who to ask. */
function ReadOnlyPlans({ accountId }: { accountId: string }) {
  const { data } = useQuery(AccountPlanQuery, { variables: { accountId } });
  const [interval, setChosenInterval] = useState<BillingInterval>('month');
  const plan = data?.account?.organization.subscriptionPlanType;
  if (!plan) return <Skeleton className="h-80 w-full" />;
  return (
    <>
      <Alert>
        <CircleAlertIcon aria-hidden />
        <AlertTitle>View only</AlertTitle>
        <AlertDescription>Your organization is on the {plan} plan. Only the account's administrators change the plan and see the invoices.</AlertDescription>
      </Alert>
      <PlansGrid products={catalogProducts()} currentPlan={plan} currentPrice={null} interval={interval} onIntervalChange={setChosenInterval} onChoose={null} />
    </>
  );
}
