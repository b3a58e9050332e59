import { useSearchParams } from 'react-router';
import { SetNewPasswordForm } from '@/features/auth/components/set-new-password-form';

export default function SetNewPasswordRoute() {
  const [params] = useSearchParams();
  return <SetNewPasswordForm token={params.get('token')} />;
}
