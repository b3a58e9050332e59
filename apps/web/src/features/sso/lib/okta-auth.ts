import type { OktaAuth, OktaAuthOptions, RequestOptions } from '@okta/okta-auth-js/core';
import { z } from 'zod';
import { ROUTES } from '@/config/routes';
import { CONFIG_STORAGE_KEY, hasStoredSsoTokens, TOKEN_STORAGE_KEY } from './sso-presence';

// okta-auth-js does the OAuth work (PKCE, token storage, renewal, leader election, cross-tab sync).
// It talks to any OpenID provider when every endpoint is given explicitly, as ssoConfiguration does.

export const ssoConfigSchema = z.object({
  issuer: z.string().min(1),
  clientId: z.string().min(1),
  scopes: z.array(z.string()),
  authorizeUrl: z.string().min(1),
  tokenUrl: z.string().min(1),
  userinfoUrl: z.string().min(1),
  revokeUrl: z.string().min(1),
  logoutUrl: z.string().min(1),
  isDevelopmentProvider: z.boolean(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export { hasStoredSsoTokens, TOKEN_STORAGE_KEY };

export function rememberSsoConfig(config: SsoConfig): void {
  const { issuer, clientId, scopes, authorizeUrl, tokenUrl, userinfoUrl, revokeUrl, logoutUrl, isDevelopmentProvider } = config;
  window.localStorage.setItem(
    CONFIG_STORAGE_KEY,
    JSON.stringify({ issuer, clientId, scopes, authorizeUrl, tokenUrl, userinfoUrl, revokeUrl, logoutUrl, isDevelopmentProvider }),
  );
}

export function rememberedSsoConfig(): SsoConfig | null {
  try {
    const raw = window.localStorage.getItem(CONFIG_STORAGE_KEY);
    if (!raw) return null;
    const parsed = ssoConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function forgetSsoConfig(): void {
  window.localStorage.removeItem(CONFIG_STORAGE_KEY);
}

function toBase64(value: string): string {
  return window.btoa(String.fromCharCode(...new TextEncoder().encode(value)));
}

/**
 * okta-auth-js authenticates revocation with `Authorization: Basic base64(clientId)`, which only Okta
 * accepts. A public client identifies itself with `client_id` in the body (RFC 7009, RFC 6749 §2.3),
 * which Okta and every other provider accept, so revocation requests are rewritten that way.
 */
export function publicClientRevocation(config: Pick<SsoConfig, 'clientId' | 'revokeUrl'>) {
  const oktaStyleHeader = `Basic ${toBase64(config.clientId)}`;
  return (request: RequestOptions) => {
    if (request.url !== config.revokeUrl || !request.headers) return;
    const authorization = request.headers['Authorization'] ?? request.headers['authorization'];
    if (authorization !== oktaStyleHeader) return;
    delete request.headers['Authorization'];
    delete request.headers['authorization'];
    const body = typeof request.args === 'string' ? request.args : '';
    request.args = `${body}${body ? '&' : ''}client_id=${encodeURIComponent(config.clientId)}`;
  };
}

/**
 * okta-auth-js asks a refresh for the scopes the token response named. A provider that names only the access token's
 * scopes there (oidc-provider with resource indicators: the MyAccount scopes, without `openid`) then answers without an
 * ID token, and okta-auth-js drops the stored one. The refresh asks for the scopes signed in with as well (RFC 6749 §6
 * allows any originally granted scope), so each renewal brings a fresh ID token.
 */
export function refreshWithSignInScopes(config: Pick<SsoConfig, 'tokenUrl' | 'scopes'>) {
  return (request: RequestOptions) => {
    if (request.url?.split('?')[0] !== config.tokenUrl || typeof request.args !== 'string') return;
    const params = new URLSearchParams(request.args);
    if (params.get('grant_type') !== 'refresh_token') return;
    const scopes = new Set([...(params.get('scope') ?? '').split(' ').filter(Boolean), ...config.scopes]);
    params.set('scope', [...scopes].join(' '));
    request.args = params.toString();
  };
}

export function oktaAuthOptions(config: SsoConfig, origin = window.location.origin): OktaAuthOptions {
  return {
    issuer: config.issuer,
    clientId: config.clientId,
    scopes: config.scopes,
    authorizeUrl: config.authorizeUrl,
    tokenUrl: config.tokenUrl,
    userinfoUrl: config.userinfoUrl,
    revokeUrl: config.revokeUrl,
    logoutUrl: config.logoutUrl,
    redirectUri: `${origin}${ROUTES.oktaCallback}`,
    postLogoutRedirectUri: `${origin}${ROUTES.login}`,
    pkce: true,
    responseType: 'code',
    cookies: { secure: origin.startsWith('https:') },
    tokenManager: { autoRenew: true, autoRemove: true, syncStorage: true },
    services: { autoRenew: true, autoRemove: true, syncStorage: true, renewOnTabActivation: true },
    httpRequestInterceptors: [publicClientRevocation(config), refreshWithSignInScopes(config)],
  };
}

let current: { key: string; auth: Promise<OktaAuth> } | null = null;

/** One okta-auth-js instance per configuration, with the library loaded on first use (it is large). */
export function loadOktaAuth(config: SsoConfig): Promise<OktaAuth> {
  const key = JSON.stringify([config.issuer, config.clientId, config.authorizeUrl, config.tokenUrl, config.revokeUrl, config.logoutUrl]);
  if (current?.key !== key) {
    const auth = import('@okta/okta-auth-js/core').then(({ OktaAuth }) => new OktaAuth(oktaAuthOptions(config)));
    current = { key, auth };
    auth.catch(() => {
      if (current?.auth === auth) current = null;
    });
  }
  return current.auth;
}
