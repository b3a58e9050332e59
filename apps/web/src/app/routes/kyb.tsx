import type { RampProductKey } from '@/config/routes';
import { KybScreen } from '@/features/kyb/components/kyb-screen';

export default function KybRoute({ product }: { product: RampProductKey }) {
  return <KybScreen key={product} product={product} />;
}
