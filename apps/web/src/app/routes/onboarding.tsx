import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';

export default function OnboardingRoute() {
  return <OnboardingPage />;
}
