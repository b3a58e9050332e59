import { useSearchParams } from 'react-router';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';

export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  return <ConfirmEmail code={params.get('code')} />;
}
