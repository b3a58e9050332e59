import type { GoLiveProductKey } from '@/config/routes';
import { KybScreen } from '@/features/kyb/components/kyb-screen';

export default function KybRoute({ product }: { product: GoLiveProductKey }) {
  return <KybScreen key={product} product={product} />;
}
