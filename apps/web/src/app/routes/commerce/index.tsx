import { CommerceIndex } from '@/features/commerce/components/commerce-index';

export default function CommerceRoute() {
  return <CommerceIndex />;
}
