import type { GoLiveProductKey } from '@/config/routes';
import { SubscriptionScreen } from '@/features/billing/components/subscription-screen';

const PRODUCT: Record<GoLiveProductKey, string> = { OnRamp: 'On-ramp', OffRamp: 'Off-ramp', Swaps: 'Swaps', NftCheckout: 'NFT checkout' };

export default function SubscriptionRoute({ product }: { product?: GoLiveProductKey }) {
  return <SubscriptionScreen productLabel={product ? PRODUCT[product] : undefined} />;
}
