import type { RampProductKey } from '@/config/routes';
import { GoLiveScreen } from '@/features/go-live/components/go-live-screen';

export default function GoLiveRoute({ product }: { product: RampProductKey }) {
  return <GoLiveScreen key={product} product={product} />;
}
