import { SetupTwoFactor } from '@/features/auth/components/setup-two-factor';

export default function Setup2faRoute() {
  return <SetupTwoFactor />;
}
