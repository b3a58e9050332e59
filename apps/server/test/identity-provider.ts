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
