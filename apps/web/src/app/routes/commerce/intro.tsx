import { CommerceIntroScreen } from '@/features/commerce/components/intro-screen';

export default function CommerceRoute() {
  return <CommerceIntroScreen />;
}
