// Placeholder until the SSO feature lands; replaced by the SSO work.
export function SsoSignInButton() {
  return null;
}
