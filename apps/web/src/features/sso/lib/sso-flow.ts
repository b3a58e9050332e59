import { ROUTES } from '@/config/routes';
import { SIGNED_OUT_EVENT } from '@/lib/session';
import { forgetSsoConfig, hasStoredSsoTokens, loadOktaAuth, rememberedSsoConfig, rememberSsoConfig, type SsoConfig } from './okta-auth';
import { safeReturnPath } from '@/lib/return-path';
import { keepProviderSessionAlive } from './provider-session';
import { startSsoAttempt } from './sso-attempt';

/**
 * Starts the authorization-code flow with PKCE: remembers where to return, then leaves for the provider with the
 * nonce and state of the sign-in the server started for this browser (startSsoSignIn), so its ID token is accepted
 * only here and only once.
 */
export async function startSsoSignIn(config: SsoConfig, originalUri: string): Promise<void> {
  const [oktaAuth, attempt] = await Promise.all([loadOktaAuth(config), startSsoAttempt()]);
  rememberSsoConfig(config);
  oktaAuth.setOriginalUri(originalUri);
  await oktaAuth.signInWithRedirect({ nonce: attempt.nonce, state: attempt.state });
}

/** The provider's answer on the callback page: its ID token, and `finish` to keep the tokens once Rampart's session is open. */
export interface SsoCallback {
  idToken: string;
  /** Stores the tokens and the configuration, and answers the address to return to. */
  finish(): string;
}

let callback: Promise<SsoCallback> | null = null;

/**
 * Reads the provider's answer on the callback page: exchanges the code for tokens (okta-auth-js verifies the ID token
 * and its nonce). Runs once per page load (the code can be used only once); nothing is stored until `finish`, so a
 * sign-in that stops at the two-factor step leaves no tokens behind.
 */
export function readSsoCallback(config: SsoConfig): Promise<SsoCallback> {
  callback ??= (async () => {
    const oktaAuth = await loadOktaAuth(config);
    if (!oktaAuth.isLoginRedirect()) {
      throw new Error('This page finishes single sign-on. Start again from the sign-in page.');
    }
    const { tokens } = await oktaAuth.token.parseFromUrl();
    const idToken = tokens.idToken?.idToken;
    if (!idToken) throw new Error('The identity provider did not return an ID token.');
    return {
      idToken,
      finish() {
        rememberSsoConfig(config);
        oktaAuth.tokenManager.setTokens(tokens);
        const originalUri = oktaAuth.getOriginalUri();
        oktaAuth.removeOriginalUri();
        return safeReturnPath(originalUri);
      },
    };
  })();
  return callback;
}

/** A message for "Error: message" from whatever okta-auth-js or the API threw. */
export function ssoErrorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const summary = 'errorSummary' in error ? error.errorSummary : undefined;
    if (typeof summary === 'string' && summary) return summary;
    if (error instanceof Error && error.message) return error.message;
  }
  return 'Single sign-on failed.';
}

let stopKeepingProviderSessionAlive: (() => void) | null = null;

/**
 * Starts okta-auth-js's services (token renewal, leader election, cross-tab sync) when an SSO session exists, and
 * keeps the provider's session alive while the user is active here (spec §7: POST /api/v1/sessions/me/lifecycle/refresh).
 */
export async function startSsoTokenServices(): Promise<void> {
  const config = rememberedSsoConfig();
  if (!config || !hasStoredSsoTokens()) return;
  const oktaAuth = await loadOktaAuth(config);
  await oktaAuth.start();
  stopKeepingProviderSessionAlive?.();
  stopKeepingProviderSessionAlive = keepProviderSessionAlive(() => oktaAuth.session.refresh(), { active: hasStoredSsoTokens });
}

/**
 * Ends the identity provider's session after Rampart's own sign-out: revokes the refresh and access
 * tokens and redirects to the provider's logout with the ID token hint, returning to /login.
 * Does nothing (answers false) when the user did not sign in with SSO.
 */
export async function signOutOfIdentityProvider(): Promise<boolean> {
  const config = rememberedSsoConfig();
  if (!config || !hasStoredSsoTokens()) return false;
  const oktaAuth = await loadOktaAuth(config);
  const { idToken } = oktaAuth.tokenManager.getTokensSync();
  if (!idToken) {
    oktaAuth.tokenManager.clear();
    forgetSsoConfig();
    return false;
  }
  const postLogoutRedirectUri = `${window.location.origin}${ROUTES.login}`;
  forgetSsoConfig();
  stopKeepingProviderSessionAlive?.();
  stopKeepingProviderSessionAlive = null;
  await oktaAuth.stop();
  try {
    // Revoking the refresh token ends its whole grant, access tokens included (RFC 7009 §2.1), so the
    // access token is revoked on its own only when there is no refresh token (providers such as
    // oidc-provider refuse to revoke a JWT access token).
    const { refreshToken } = oktaAuth.tokenManager.getTokensSync();
    return await oktaAuth.signOut({ postLogoutRedirectUri, clearTokensBeforeRedirect: true, revokeRefreshToken: true, revokeAccessToken: !refreshToken });
  } catch (error) {
    // A provider that refuses revocation must not keep the user signed in there: log out without it.
    console.info('Token revocation failed; signing out of the identity provider without it', error);
    return oktaAuth.signOut({ postLogoutRedirectUri, clearTokensBeforeRedirect: true, revokeAccessToken: false, revokeRefreshToken: false });
  }
}

/**
 * Wires SSO into the app: starts token services for an existing SSO session and signs out of the
 * provider whenever the shell announces Rampart's sign-out. Returns the cleanup (for useEffect).
 */
export function registerSsoSignOut(): () => void {
  const onSignedOut = () => {
    signOutOfIdentityProvider().catch((error: unknown) => console.info('Signing out of the identity provider failed', error));
  };
  window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
  if (window.location.pathname !== ROUTES.oktaCallback) {
    startSsoTokenServices().catch((error: unknown) => console.info('Could not start SSO token services', error));
  }
  return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
}
