import { useMutation, useQuery } from '@apollo/client/react';
import type { BillingInterval } from '@rampart/shared/billing';
import { ArrowLeftIcon, FlaskConicalIcon } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { PortalProductsQuery, SandboxPortalQuery, SimulateRenewalMutation } from '@/features/billing/api/billing';
import { BillingConfirmDialog } from '@/features/billing/components/confirm-dialog';
import { InvoicesSection } from '@/features/billing/components/invoices-table';
import { PlansGrid, toPriceInfo } from '@/features/billing/components/plans-grid';
import { SubscriptionCard } from '@/features/billing/components/subscription-card';
import { useBillingActions } from '@/features/billing/lib/use-billing-actions';
import { catalogPrice, resumeLabel } from '@/features/billing/lib/wording';
import type { SandboxRenewalOutcome } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';

const OUTCOMES: Array<{ outcome: SandboxRenewalOutcome; label: string; done: string }> = [
  { outcome: 'succeeds', label: 'Renewal succeeds', done: 'The period renewed and its invoice was paid.' },
  { outcome: 'fails', label: 'Renewal fails', done: 'The renewal payment failed; the plan stays during the dunning period.' },
  { outcome: 'dunningEnds', label: 'Dunning period ends', done: 'The dunning period ended without a payment.' },
];

/** The sandbox's hosted customer portal (Stripe's portal stand-in): plan, cancel or resume, invoices, test tools. */
export function SandboxPortal() {
  const { sessionId = '' } = useParams();
  const { data, loading, error } = useQuery(SandboxPortalQuery, { variables: { id: sessionId } });
  const session = data?.sandboxPortalSession ?? null;
  const accountId = session?.accountId ?? '';
  const products = useQuery(PortalProductsQuery, { variables: { accountId }, skip: !accountId });
  const billing = session?.billing ?? null;
  const subscription = billing?.subscription ?? null;
  const currentProduct = subscription ? products.data?.stripeProducts.find((product) => product.lookupKey === subscription.priceLookupKey) : undefined;
  const currentPrice = subscription ? (currentProduct ? toPriceInfo(currentProduct) : catalogPrice(subscription.priceLookupKey)) : null;
  const actions = useBillingActions(accountId, billing, currentPrice, ['Billing_SandboxPortal'], { inShell: false });
  const [simulate] = useMutation(SimulateRenewalMutation, { refetchQueries: ['Billing_SandboxPortal'], awaitRefetchQueries: true });
  const [simulating, setSimulating] = useState<SandboxRenewalOutcome | null>(null);
  const [toolError, setToolError] = useState<string | null>(null);
  const [interval, setChosenInterval] = useState<BillingInterval | null>(null);

  useDocumentTitle('Billing portal · Rampart billing sandbox');

  async function run(outcome: (typeof OUTCOMES)[number]) {
    setSimulating(outcome.outcome);
    setToolError(null);
    try {
      await simulate({ variables: { accountId, outcome: outcome.outcome } });
      toast({ title: outcome.label, description: outcome.done });
    } catch (caught) {
      setToolError(describeApiError(caught).message);
    } finally {
      setSimulating(null);
    }
  }

  if (loading && !data) return <Skeleton className="h-[32rem] w-full max-w-5xl" />;
  if (!session || !billing) {
    return (
      <div className="w-full max-w-md">
        <ErrorAlert message={error ? describeApiError(error).message : 'This portal session does not exist.'} title="Could not open the billing portal" />
      </div>
    );
  }
  const back = session.returnPath;
  const scheduled =
    subscription &&
    (subscription.cancelAtPeriodEnd || (subscription.scheduledPriceLookupKey && subscription.scheduledPriceLookupKey !== subscription.priceLookupKey));

  return (
    <div className="flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <a
          href={back}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden /> Back to Rampart
        </a>
        <h1 className="text-2xl font-semibold tracking-tight">Billing portal</h1>
        <p className="text-sm text-muted-foreground">{billing.organizationName}: plan, payment method and invoices.</p>
      </div>
      <ErrorAlert message={actions.error} title="Could not open the checkout" />
      <SubscriptionCard
        billing={billing}
        price={currentPrice}
        actions={
          billing.canManage && subscription ? (
            scheduled ? (
              <Button onClick={actions.askResume}>{resumeLabel(subscription)}</Button>
            ) : (
              <Button variant="outline" className="text-destructive hover:text-destructive" onClick={actions.askCancel}>
                Cancel subscription
              </Button>
            )
          ) : null
        }
      />
      {products.data && (
        <PlansGrid
          products={products.data.stripeProducts}
          currentPlan={billing.plan}
          currentPrice={currentPrice}
          interval={interval ?? currentPrice?.interval ?? 'month'}
          onIntervalChange={setChosenInterval}
          onChoose={billing.canManage ? (choice) => actions.choose(choice, back) : null}
          busyPriceId={actions.busyPriceId}
        />
      )}
      <InvoicesSection headingId="portal-invoices" invoices={billing.invoices} />
      {billing.canManage && (
        <Card className="border-dashed" role="region" aria-labelledby="test-tools">
          <CardHeader>
            <CardTitle id="test-tools" className="flex items-center gap-2">
              <FlaskConicalIcon className="size-4" aria-hidden /> Test tools
            </CardTitle>
            <CardDescription>
              Simulate renewal: the billing period ends now and its renewal is charged, succeeding or failing. After a failure, end the dunning period to see
              the plan return to Free.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <ErrorAlert message={toolError} title="Could not simulate the renewal" />
            <div className="flex flex-wrap gap-2">
              {OUTCOMES.map((outcome) => (
                <Button key={outcome.outcome} variant="outline" disabled={simulating !== null || !subscription} onClick={() => void run(outcome)}>
                  {simulating === outcome.outcome && <Spinner label="Simulating" />}
                  {outcome.label}
                </Button>
              ))}
            </div>
          </CardContent>
        </Card>
      )}
      <BillingConfirmDialog request={actions.confirm} onClose={actions.closeConfirm} />
    </div>
  );
}
