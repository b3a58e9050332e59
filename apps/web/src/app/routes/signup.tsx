import { useSearchParams } from 'react-router';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupRoute() {
  const [params] = useSearchParams();
  return <SignupForm referralLink={params.get('ref')} />;
}
