import { getRuntimeConfig } from '@/config/runtime-config';
import { LoginForm } from '@/features/auth/components/login-form';
import { SsoSignInButton } from '@/features/sso/components/sso-sign-in-button.tsx';

export default function LoginRoute() {
  // SSO_ENABLED=false on the server: no button that could only fail.
  return <LoginForm alternatives={getRuntimeConfig().sso ? <SsoSignInButton /> : undefined} />;
}
