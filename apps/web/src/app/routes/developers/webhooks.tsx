import { WebhooksScreen } from '@/features/developers/components/webhooks-screen';

export default function DevelopersRoute() {
  return <WebhooksScreen />;
}
