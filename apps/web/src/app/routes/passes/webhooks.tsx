import { WebhooksScreen } from '@/features/passes/components/webhooks-screen';

export default function PassesRoute() {
  return <WebhooksScreen />;
}
