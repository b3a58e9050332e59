import { useSearchParams } from 'react-router';
import { SignupCompleteForm } from '@/features/auth/components/signup-complete-form';

export default function SignupCompleteRoute() {
  const [params] = useSearchParams();
  return <SignupCompleteForm email={params.get('email')} />;
}
