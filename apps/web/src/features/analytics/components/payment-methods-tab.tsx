import { NETWORK_NAMES } from '@rampart/shared/assets';
import type { Analytics_PaymentMethodsQuery } from '@/gql/graphql';
import { labelOfAsset, labelOfPaymentMethod } from '@/lib/labels';
import { BreakdownChart } from '@/features/analytics/components/breakdown-chart';
import { EmptyState } from '@/features/analytics/components/chart-parts';

type Data = Analytics_PaymentMethodsQuery['analytics'];

const methodLabel = (value: string) => (value === 'none' ? 'No payment method' : labelOfPaymentMethod(value));
const networkLabel = (value: string) => (value === 'fiat' ? 'Fiat (bank)' : (NETWORK_NAMES[value] ?? value));

export function PaymentMethodsTab({ data }: { data: Data }) {
  const p = data.paymentMethods;
  const compared = data.comparison !== 'none';
  if (p.paymentMethods.length === 0 && p.assets.length === 0) {
    return (
      <EmptyState
        title="No transactions in this range"
        description="Volume by payment method, by asset and by network appears here once customers complete transactions."
      />
    );
  }
  return (
    <div className="grid min-w-0 items-start gap-3 lg:grid-cols-2 2xl:grid-cols-3">
      <BreakdownChart
        title="By payment method"
        column="Payment method"
        rows={p.paymentMethods}
        currency={data.currencyCode}
        compared={compared}
        label={methodLabel}
      />
      <BreakdownChart title="By asset" column="Asset" rows={p.assets} currency={data.currencyCode} compared={compared} label={(value) => labelOfAsset(value)} />
      <BreakdownChart title="By network" column="Network" rows={p.networks} currency={data.currencyCode} compared={compared} label={networkLabel} />
    </div>
  );
}
