import { AreaPlaceholder } from '@/components/layouts/area-placeholder';

export default function OnboardingRoute() {
  return (
    <div className="w-full max-w-3xl">
      <AreaPlaceholder title="Onboarding" description="Set up your first account: business details, products and domains." />
    </div>
  );
}
