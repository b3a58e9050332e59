import { useSearchParams } from 'react-router';
import { ConfirmResetTwoFactor, RequestResetTwoFactorForm } from '@/features/auth/components/reset-two-factor';

export default function Reset2faRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ConfirmResetTwoFactor token={token} /> : <RequestResetTwoFactorForm />;
}
