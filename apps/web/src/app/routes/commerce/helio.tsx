import { HelioLanding } from '@/features/commerce/components/helio-landing';

export default function CommerceRoute() {
  return <HelioLanding />;
}
