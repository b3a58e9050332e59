import { PLAN_FEATURES, PLAN_PRICES, PRICE_LOOKUP_KEYS, type BillingInterval } from '@rampart/shared/billing';
import { CheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SegmentedControl } from '@/components/ui/segmented-control';
import type { Billing_ProductFragment } from '@/gql/graphql';
import { formatAmount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { changeTitle, type Plan, type PriceInfo } from '@/features/billing/lib/wording';

export type PlanChoice = { kind: 'checkout'; product: Billing_ProductFragment } | { kind: 'change'; product: Billing_ProductFragment } | { kind: 'free' };

interface PlansGridProps {
  /** The server's prices; the catalog's when the viewer may not read them. */
  products: readonly Billing_ProductFragment[];
  currentPlan: Plan;
  /** The paid plan's price, to mark the current interval and word the changes. */
  currentPrice: PriceInfo | null;
  interval: BillingInterval;
  onIntervalChange: (interval: BillingInterval) => void;
  /** Null: read-only (no buttons). */
  onChoose: ((choice: PlanChoice) => void) | null;
  busyPriceId?: string | null;
}

/** The catalog's prices in the server's shape, for viewers who may not read the server's list. */
export function catalogProducts(): Billing_ProductFragment[] {
  return PRICE_LOOKUP_KEYS.map((key) => {
    const price = PLAN_PRICES[key];
    return {
      __typename: 'StripeProduct',
      priceId: key,
      lookupKey: key,
      plan: price.plan,
      productName: price.plan,
      description: PLAN_FEATURES[price.plan].description,
      features: PLAN_FEATURES[price.plan].features,
      currency: 'usd',
      usdPrice: price.usdPrice,
      recurring: { __typename: 'StripeRecurring', interval: price.interval, intervalCount: 1 },
    };
  });
}

export function toPriceInfo(product: Billing_ProductFragment): PriceInfo {
  return { lookupKey: product.lookupKey, plan: product.plan, interval: product.recurring.interval, usdPrice: product.usdPrice, currency: product.currency };
}

/** Free, Basic and Pro side by side, with the monthly/yearly switch; the current plan is marked. */
export function PlansGrid({ products, currentPlan, currentPrice, interval, onIntervalChange, onChoose, busyPriceId }: PlansGridProps) {
  const byPlan = (plan: Plan) => products.find((product) => product.plan === plan && product.recurring.interval === interval) ?? null;
  const plans: Plan[] = ['Free', 'Basic', 'Pro'];
  return (
    <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="plans-heading" className="text-lg font-semibold tracking-tight">
            Plans
          </h2>
          <p className="text-sm text-muted-foreground">Prices in US dollars, before tax. Yearly billing costs two months less.</p>
        </div>
        <SegmentedControl<BillingInterval>
          label="Billing interval"
          value={interval}
          onChange={onIntervalChange}
          options={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
        />
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const product = plan === 'Free' ? null : byPlan(plan);
          const isCurrentPlan = plan === currentPlan;
          const isCurrent = isCurrentPlan && (plan === 'Free' || !currentPrice || currentPrice.interval === interval);
          const features = product?.features.length ? product.features : PLAN_FEATURES[plan].features;
          const description = product?.description || PLAN_FEATURES[plan].description;
          return (
            <li
              key={plan}
              aria-label={`${plan} plan`}
              data-current={isCurrent || undefined}
              className={cn(
                'flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-xs',
                isCurrent && 'border-primary ring-1 ring-primary',
              )}
            >
              <div className="flex flex-col gap-1.5">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-base font-semibold">{plan}</h3>
                  {isCurrent ? (
                    <Badge>Current plan</Badge>
                  ) : isCurrentPlan ? (
                    <Badge variant="outline">Your plan, billed {currentPrice?.interval === 'year' ? 'yearly' : 'monthly'}</Badge>
                  ) : null}
                </div>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
              <p className="flex items-baseline gap-1">
                <span className="text-3xl font-semibold tracking-tight tabular-nums">{formatAmount(product?.usdPrice ?? '0', product?.currency ?? 'usd')}</span>
                <span className="text-sm text-muted-foreground">{plan === 'Free' ? 'forever' : `a ${interval}`}</span>
              </p>
              <ul className="flex flex-1 flex-col gap-2 text-sm">
                {features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              {onChoose && (
                <PlanAction
                  plan={plan}
                  product={product}
                  currentPlan={currentPlan}
                  currentPrice={currentPrice}
                  isCurrent={isCurrent}
                  onChoose={onChoose}
                  busy={Boolean(product && busyPriceId === product.priceId)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PlanAction({
  plan,
  product,
  currentPlan,
  currentPrice,
  isCurrent,
  onChoose,
  busy,
}: {
  plan: Plan;
  product: Billing_ProductFragment | null;
  currentPlan: Plan;
  currentPrice: PriceInfo | null;
  isCurrent: boolean;
  onChoose: (choice: PlanChoice) => void;
  busy: boolean;
}) {
  if (isCurrent) {
    return (
      <Button variant="outline" disabled>
        Your current plan
      </Button>
    );
  }
  if (plan === 'Free') {
    return (
      <Button variant="outline" onClick={() => onChoose({ kind: 'free' })}>
        Downgrade to Free
      </Button>
    );
  }
  if (!product) return null;
  if (currentPlan === 'Free' || !currentPrice) {
    return (
      <Button onClick={() => onChoose({ kind: 'checkout', product })} disabled={busy}>
        {busy && <Spinner label="Opening checkout" />}
        Upgrade to {plan}
      </Button>
    );
  }
  const title = changeTitle(currentPrice, toPriceInfo(product));
  return (
    <Button variant={title.startsWith('Downgrade') ? 'outline' : 'default'} onClick={() => onChoose({ kind: 'change', product })}>
      {title}
    </Button>
  );
}
