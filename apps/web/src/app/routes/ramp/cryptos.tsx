import { CryptosScreen } from '@/features/ramp/components/cryptos-screen';

export default function RampCryptosRoute({ product }: { product: 'OnRamp' | 'OffRamp' }) {
  return <CryptosScreen key={product} product={product} />;
}
