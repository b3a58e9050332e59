import { SandboxCheckout } from '@/features/billing/components/sandbox-checkout';

export default function SandboxCheckoutRoute() {
  return <SandboxCheckout />;
}
