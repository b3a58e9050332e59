import { ApiKeysScreen } from '@/features/developers/components/api-keys-screen';

export default function DevelopersRoute() {
  return <ApiKeysScreen />;
}
