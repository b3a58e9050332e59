import type { RampProductKey } from '@/config/routes';
import { IntegrateScreen } from '@/features/ramp/components/integrate-screen';

export default function RampIntegrateRoute({ product }: { product: RampProductKey }) {
  return <IntegrateScreen key={product} product={product} />;
}
