import { CommerceOnboardingScreen } from '@/features/commerce/components/onboarding-screen';

export default function CommerceRoute() {
  return <CommerceOnboardingScreen />;
}
