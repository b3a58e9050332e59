import { useSearchParams } from 'react-router';
import { RegisterInvite } from '@/features/team/components/register-invite';

export default function RegisterRoute() {
  const [params] = useSearchParams();
  return <RegisterInvite inviteToken={params.get('inviteToken')} />;
}
