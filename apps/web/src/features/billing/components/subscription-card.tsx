import { GO_LIVE_WITHOUT_PLAN, SUBSCRIPTION_STATUS_LABEL, WHAT_A_PAID_PLAN_ADDS } from '@rampart/shared/billing';
import { CreditCardIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge, type StatusMeaning } from '@/components/status-badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import type { Billing_BillingFragment } from '@/gql/graphql';
import { formatAmount } from '@/lib/format';
import { renewalSentence, type PriceInfo } from '@/features/billing/lib/wording';

const MEANING: Record<string, StatusMeaning> = { active: 'success', past_due: 'failed', canceled: 'neutral', incomplete: 'waiting' };

/** The current subscription: plan, status, what happens at the period's end, payment method; actions below. */
export function SubscriptionCard({ billing, price, actions }: { billing: Billing_BillingFragment; price: PriceInfo | null; actions?: ReactNode }) {
  const subscription = billing.subscription;
  const method = subscription?.paymentMethod;
  return (
    <Card aria-label="Current subscription" role="region">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {billing.plan} plan
          {subscription ? (
            <StatusBadge meaning={subscription.cancelAtPeriodEnd ? 'waiting' : (MEANING[subscription.status] ?? 'neutral')}>
              {subscription.cancelAtPeriodEnd && subscription.status === 'active' ? 'Cancels at period end' : SUBSCRIPTION_STATUS_LABEL[subscription.status]}
            </StatusBadge>
          ) : (
            <StatusBadge meaning="neutral">No subscription</StatusBadge>
          )}
        </CardTitle>
        <CardDescription>
          {subscription ? (
            <span data-slot="renewal">{renewalSentence(subscription)}.</span>
          ) : (
            `Free has no charge and no end date. ${WHAT_A_PAID_PLAN_ADDS} ${GO_LIVE_WITHOUT_PLAN}`
          )}
        </CardDescription>
      </CardHeader>
      {subscription && (
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground">Price</dt>
              <dd className="font-medium tabular-nums">{price ? `${formatAmount(price.usdPrice, price.currency ?? 'usd')} a ${price.interval}` : '—'}</dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground">Payment method</dt>
              <dd className="flex items-center gap-2 font-medium">
                {method ? (
                  <>
                    <CreditCardIcon className="size-4 text-muted-foreground" aria-hidden />
                    <span>
                      {method.brand} ending {method.last4}
                    </span>
                    <span className="font-normal text-muted-foreground">
                      expires {String(method.expMonth).padStart(2, '0')}/{String(method.expYear).slice(-2)}
                    </span>
                  </>
                ) : (
                  'None on file'
                )}
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground">Billed by</dt>
              <dd className="font-medium">{billing.provider === 'stripe' ? 'Stripe' : 'Rampart billing sandbox'}</dd>
            </div>
          </dl>
        </CardContent>
      )}
      {actions && <CardFooter className="flex flex-wrap gap-2">{actions}</CardFooter>}
    </Card>
  );
}
