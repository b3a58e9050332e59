import { SandboxHelioOnboardingPage } from '@/features/commerce/components/sandbox-helio-onboarding';

export default function CommerceRoute() {
  return <SandboxHelioOnboardingPage />;
}
