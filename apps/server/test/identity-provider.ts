import type { JWK } from 'jose';
import { generateSigningKey, startDevelopmentIdentityProvider, type DevelopmentIdentityProvider } from '../src/dev/identity-provider/dev-identity-provider.ts';
import { freePort, startTestApp, type TestApp } from './harness.ts';

/** The test app beside the development identity provider on a free port, with its signing key (tests sign their own ID tokens). */
export async function startTestAppWithProvider(env: Record<string, string> = {}): Promise<{ t: TestApp; idp: DevelopmentIdentityProvider; signingKey: JWK }> {
  const t = await startTestApp({ LOG_LEVEL: 'error', DEV_IDP_PORT: String(await freePort()), ...env });
  const signingKey = await generateSigningKey();
  const idp = await startDevelopmentIdentityProvider({ config: t.config, database: t.database, mailer: t.mailer, signingKey });
  if (!idp) {
    await t.close();
    throw new Error('the development identity provider did not start');
  }
  return { t, idp, signingKey };
}

/** Trades an authorization code for tokens at the provider's token endpoint, with the PKCE verifier (as the web app does). */
export function exchangeCode(
  issuer: string,
  exchange: { code: string; verifier: string; clientId: string; redirectUri: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: exchange.code,
      redirect_uri: exchange.redirectUri,
      client_id: exchange.clientId,
      code_verifier: exchange.verifier,
    }),
  });
}
