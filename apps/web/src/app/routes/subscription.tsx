import type { RampProductKey } from '@/config/routes';
import { SubscriptionScreen } from '@/features/billing/components/subscription-screen';

const PRODUCT: Record<RampProductKey, string> = { OnRamp: 'On-ramp', OffRamp: 'Off-ramp', Swaps: 'Swaps' };

export default function SubscriptionRoute({ product }: { product?: RampProductKey }) {
  return <SubscriptionScreen productLabel={product ? PRODUCT[product] : undefined} />;
}
