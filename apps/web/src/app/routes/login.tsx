import { LoginForm } from '@/features/auth/components/login-form';
import { SsoSignInButton } from '@/features/sso/components/sso-sign-in-button.tsx';

export default function LoginRoute() {
  return <LoginForm alternatives={<SsoSignInButton />} />;
}
