import type { GoLiveProductKey } from '@/config/routes';
import { GoLiveScreen } from '@/features/go-live/components/go-live-screen';

export default function GoLiveRoute({ product }: { product: GoLiveProductKey }) {
  return <GoLiveScreen key={product} product={product} />;
}
