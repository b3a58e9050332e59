import { SandboxPortal } from '@/features/billing/components/sandbox-portal';

export default function SandboxPortalRoute() {
  return <SandboxPortal />;
}
