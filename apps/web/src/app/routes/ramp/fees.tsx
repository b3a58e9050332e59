import { FeesScreen } from '@/features/ramp/components/fees-screen';

export default function RampFeesRoute({ product }: { product: 'OnRamp' | 'OffRamp' }) {
  return <FeesScreen key={product} product={product} />;
}
