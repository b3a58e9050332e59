import { Navigate, useSearchParams } from 'react-router';
import { ROUTES } from '@/config/routes';
import { SetNewPasswordForm } from '@/features/auth/components/set-new-password-form';

/** The e-mailed link lands here; with a token it forwards to /set_new_password, without one it explains. */
export default function ResetRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <Navigate to={`${ROUTES.setNewPassword}?token=${encodeURIComponent(token)}`} replace />;
  return <SetNewPasswordForm token={null} />;
}
