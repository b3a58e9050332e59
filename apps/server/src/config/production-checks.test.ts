import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, inspectEnvironment, parseEnv, runsDevelopmentIdentityProvider } from './env.ts';

const random = (bytes = 32) => crypto.randomBytes(bytes).toString('hex');

/** The production settings docs/operations.md lists, with fresh secrets. */
function productionSettings(): Record<string, string> {
  return {
    RAMPART_ENV: 'production',
    DATABASE_URL: 'postgres://rampart:password@db.internal:5432/rampart',
    SMTP_URL: 'smtps://mailer:password@smtp.provider.example:465',
    SSO_ENABLED: 'false',
    USER_HASH_SECRET: random(),
    KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    FILE_LINK_SECRET: random(),
    METRICS_TOKEN: random(),
    PUBLIC_URL: 'https://dashboard.provider.example',
    EVM_RPC_URL: 'https://rpc.provider.example',
    STRIPE_SECRET_KEY: 'sk_live_0123456789',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
    HELIO_API_KEY: 'helio-key',
    HELIO_API_SECRET: 'helio-secret',
    SUPPORT_EMAIL: 'support@provider.example',
  };
}

const settingsOf = (source: Record<string, string | undefined>) => inspectEnvironment(source).problems.map((problem) => problem.setting);
const problemOf = (source: Record<string, string | undefined>, setting: string) =>
  inspectEnvironment(source).problems.find((problem) => problem.setting === setting)?.message;

describe('production checks', () => {
  it('development is the default: nothing to set, the demo seeded, the development identity provider on', () => {
    const report = inspectEnvironment({});
    expect(report.mode).toBe('development');
    expect(report.problems).toEqual([]);
    expect(report.env).toMatchObject({ RAMPART_ENV: 'development', SEED_DEMO: true, SSO_ENABLED: true });
    expect(runsDevelopmentIdentityProvider(report.env!)).toBe(true);
    // The same checks are made, as advice.
    expect(report.checks.filter((check) => check.problem !== null).length).toBeGreaterThan(5);
  });

  it('production with nothing else set names every setting it needs, each once', () => {
    expect(settingsOf({ RAMPART_ENV: 'production' })).toEqual([
      'DATABASE_URL',
      'SMTP_URL',
      'OIDC_ISSUER or SSO_ENABLED',
      'USER_HASH_SECRET',
      'KEY_ENCRYPTION_KEY',
      'FILE_LINK_SECRET',
      'METRICS_TOKEN',
      'PUBLIC_URL',
      'EVM_RPC_URL',
      'STRIPE_SECRET_KEY',
      'HELIO_API_KEY',
      'SUPPORT_EMAIL',
    ]);
    expect(problemOf({ RAMPART_ENV: 'production' }, 'KEY_ENCRYPTION_KEY')).toContain('openssl rand -base64 32');
    expect(problemOf({ RAMPART_ENV: 'production' }, 'METRICS_TOKEN')).toContain('openssl rand -hex 32');
  });

  it('the ingestion stream (INGEST_NATS_URL) signs in to NATS in production, one way, a user with its password', () => {
    const stream = { ...productionSettings(), INGEST_NATS_URL: 'nats://nats.internal:4222' };
    expect(settingsOf(stream)).toEqual(['INGEST_NATS_CREDS_FILE']);
    expect(problemOf(stream, 'INGEST_NATS_CREDS_FILE')).toContain('anyone who reaches that NATS could feed transactions into Rampart');
    expect(settingsOf({ ...stream, INGEST_NATS_TOKEN: random() })).toEqual([]);
    expect(settingsOf({ ...stream, INGEST_NATS_USER: 'rampart' })).toEqual(['INGEST_NATS_PASSWORD']);
    expect(settingsOf({ ...stream, INGEST_NATS_TOKEN: random(), INGEST_NATS_CREDS_FILE: '/etc/rampart/nats.creds' })).toEqual(['INGEST_NATS_CREDS_FILE']);
    expect(settingsOf({ ...stream, INGEST_NATS_URL: 'http://nats.internal:4222', INGEST_NATS_TOKEN: random() })).toEqual(['INGEST_NATS_URL']);
    expect(parseEnv({ INGEST_NATS_URL: 'nats://a:4222, nats://b:4222' }).INGEST_NATS_URL).toEqual(['nats://a:4222', 'nats://b:4222']);
  });

  it('the documented production settings pass: no demo, no development identity provider', () => {
    const env = parseEnv(productionSettings());
    expect(env).toMatchObject({ RAMPART_ENV: 'production', SEED_DEMO: false, SSO_ENABLED: false });
    expect(runsDevelopmentIdentityProvider(env)).toBe(false);
    expect(runsDevelopmentIdentityProvider({ ...env, SSO_ENABLED: true, OIDC_ISSUER: undefined })).toBe(false);
    // An external https issuer instead of SSO_ENABLED=false.
    expect(settingsOf({ ...productionSettings(), SSO_ENABLED: 'true', OIDC_ISSUER: 'https://login.provider.example/oauth2/default' })).toEqual([]);
  });

  it('names each development convenience turned on in production', () => {
    const source = {
      ...productionSettings(),
      SEED_DEMO: 'true',
      GRAPHQL_IDE: 'true',
      GRAPHQL_INTROSPECTION: 'true',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      PUBLIC_URL: 'http://dashboard.provider.example',
      SSO_ENABLED: 'true',
      OIDC_ISSUER: 'http://localhost:3001/oidc',
    };
    expect(settingsOf(source)).toEqual([
      'SEED_DEMO',
      'OIDC_ISSUER or SSO_ENABLED',
      'PUBLIC_URL',
      'GRAPHQL_IDE',
      'GRAPHQL_INTROSPECTION',
      'WEBHOOK_ALLOW_PRIVATE_ADDRESSES',
    ]);
    expect(problemOf(source, 'OIDC_ISSUER or SSO_ENABLED')).toMatch(/not an external https issuer/);
    expect(problemOf(source, 'PUBLIC_URL')).toMatch(/is not https/);
    expect(problemOf({ ...source, OIDC_ISSUER: 'https://127.0.0.1:9443' }, 'OIDC_ISSUER or SSO_ENABLED')).toMatch(/not an external https issuer/);
  });

  it('refuses secrets that are published, placeholders, short, not random or shared', () => {
    const good = productionSettings();
    expect(problemOf({ ...good, USER_HASH_SECRET: 'change-me-to-a-long-random-string' }, 'USER_HASH_SECRET')).toMatch(/published example or placeholder/);
    expect(problemOf({ ...good, USER_HASH_SECRET: 'rampart-development-user-hash-secret' }, 'USER_HASH_SECRET')).toMatch(/^not set/);
    expect(problemOf({ ...good, METRICS_TOKEN: 'Qx7-kP2m9Zr4Lw8v' }, 'METRICS_TOKEN')).toMatch(/is 16 characters long; production needs at least 32/);
    expect(problemOf({ ...good, FILE_LINK_SECRET: 'ab12'.repeat(10) }, 'FILE_LINK_SECRET')).toMatch(/not random \(only 4 different characters\)/);
    expect(problemOf({ ...good, METRICS_TOKEN: good.FILE_LINK_SECRET }, 'METRICS_TOKEN')).toMatch(/same value as FILE_LINK_SECRET/);
    expect(problemOf({ ...good, KEY_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') }, 'KEY_ENCRYPTION_KEY')).toMatch(/not random/);
  });

  it('lists an invalid setting once, beside every production problem', () => {
    const report = inspectEnvironment({ RAMPART_ENV: 'production', METRICS_TOKEN: 'short', PORT: 'eighty' });
    const settings = report.problems.map((problem) => problem.setting);
    expect(settings.filter((setting) => setting === 'METRICS_TOKEN')).toHaveLength(1);
    expect(report.problems.find((problem) => problem.setting === 'METRICS_TOKEN')?.message).toBe('at least 16 characters');
    expect(settings).toEqual(expect.arrayContaining(['PORT', 'SMTP_URL', 'DATABASE_URL', 'USER_HASH_SECRET']));
  });

  it('checks a misspelt RAMPART_ENV as production, and refuses it', () => {
    const settings = settingsOf({ RAMPART_ENV: 'prod' });
    expect(settings[0]).toBe('RAMPART_ENV');
    expect(settings).toContain('SMTP_URL');
  });

  it("Intercom's Messenger needs its identity verification secret, in every mode", () => {
    expect(settingsOf({ INTERCOM_APP_ID: 'abc12345' })).toEqual(['INTERCOM_IDENTITY_SECRET']);
    expect(settingsOf({ INTERCOM_IDENTITY_SECRET: random() })).toEqual(['INTERCOM_APP_ID']);
    expect(settingsOf({ INTERCOM_APP_ID: 'abc12345', INTERCOM_IDENTITY_SECRET: random() })).toEqual([]);
  });

  it('parseEnv throws one message naming every setting', () => {
    let message = '';
    try {
      parseEnv({ RAMPART_ENV: 'production', SEED_DEMO: 'true' });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Rampart will not start in production (RAMPART_ENV=production): 13 settings need changing.');
    for (const setting of ['SEED_DEMO', 'SMTP_URL', 'KEY_ENCRYPTION_KEY', 'PUBLIC_URL']) expect(message).toContain(`\n  ${setting}: `);
  });
});
