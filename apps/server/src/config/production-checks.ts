import type { Env } from './env.ts';
import { parseKek } from '../lib/secret-box.ts';

/** Where support requests are e-mailed while SUPPORT_EMAIL is unset in development (the mailbox at /dev/mailbox shows them). */
export const DEVELOPMENT_SUPPORT_EMAIL = 'support@rampart.local';

/** USER_HASH_SECRET when unset: fine for a laptop, public for everyone else (it is in this file). */
export const DEVELOPMENT_USER_HASH_SECRET = 'rampart-development-user-hash-secret';

/**
 * Secret values printed in this repository (.env.example, deploy templates, docs, tests) besides the code's own
 * development defaults: anyone can read them, so production refuses them.
 */
export const PUBLISHED_SECRET_VALUES: ReadonlySet<string> = new Set([
  DEVELOPMENT_USER_HASH_SECRET,
  'change-me-to-a-long-random-string',
  'team-test-user-hash-secret-0123456789',
]);

/** Words of placeholders and examples (change-me, example…); a random secret never spells them. */
const PLACEHOLDER_WORDS = /change-?me|example|default|development|secret|password|rampart|test|xxxx/i;

/** Fewer different characters than this in a 32+ character value: typed, not generated. */
const MIN_DISTINCT_CHARACTERS = 12;
export const MIN_SECRET_LENGTH = 32;

export interface ProductionCheck {
  /** The setting that fixes it, first in every message (two joined by "or" when either will do). */
  setting: string;
  /** What production needs, in words, for `npm run doctor`. */
  requirement: string;
  /** Why it fails and what to set; null when it passes. */
  problem: string | null;
  /** The settings it reads: a check on a setting already refused as invalid is not repeated. */
  reads: readonly string[];
}

const HEX_SECRET = 'openssl rand -hex 32';
const BASE64_KEY = 'openssl rand -base64 32';

/** What is wrong with a secret for production, or null; `generate` is the command that makes a good one. */
export function secretProblem(value: string | undefined, generate: string, options: { unsetMeans?: string } = {}): string | null {
  const how = `generate one with \`${generate}\``;
  if (!value) return `not set${options.unsetMeans ? ` (${options.unsetMeans})` : ''}; ${how}.`;
  if (PUBLISHED_SECRET_VALUES.has(value) || PLACEHOLDER_WORDS.test(value)) return `is a published example or placeholder value; ${how}.`;
  if (value.length < MIN_SECRET_LENGTH) return `is ${value.length} characters long; production needs at least ${MIN_SECRET_LENGTH}: ${how}.`;
  const distinct = new Set(value).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) return `is not random (only ${distinct} different characters); ${how}.`;
  return null;
}

function keyEncryptionKeyProblem(value: string | undefined): string | null {
  if (!value) {
    return `not set (a key would be generated into DATA_DIR/key-encryption-key on this host alone, beside the data it protects); generate one with \`${BASE64_KEY}\`, give every process the same, and keep a copy apart from the database backups.`;
  }
  if (PUBLISHED_SECRET_VALUES.has(value)) return `is a published value; generate one with \`${BASE64_KEY}\`.`;
  const key = parseKek(value);
  // 32 random bytes have about 30 different values; a key typed by hand (all zeros, a repeated word) has few.
  if (key && new Set(key).size < 16) return `is not random (only ${new Set(key).size} different bytes); generate one with \`${BASE64_KEY}\`.`;
  return null;
}

function isLoopbackHost(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/**
 * Everything a production server needs (RAMPART_ENV=production): start-up refuses while one fails, and `npm run
 * doctor` lists them all. In development they are only advice.
 */
export function productionChecks(env: Env): ProductionCheck[] {
  const secrets = [
    ['USER_HASH_SECRET', env.USER_HASH_SECRET === DEVELOPMENT_USER_HASH_SECRET ? undefined : env.USER_HASH_SECRET],
    ['FILE_LINK_SECRET', env.FILE_LINK_SECRET],
    ['METRICS_TOKEN', env.METRICS_TOKEN],
  ] as const;
  const sameAsEarlier = (index: number): string | null => {
    const value = secrets[index]![1];
    const earlier = secrets.slice(0, index).find(([, other]) => value && other === value);
    return earlier ? `is the same value as ${earlier[0]}; each secret needs its own (\`${HEX_SECRET}\`).` : null;
  };
  const secretCheck = (index: number, requirement: string, unsetMeans: string): ProductionCheck => {
    const [setting, value] = secrets[index]!;
    return { setting, requirement, problem: secretProblem(value, HEX_SECRET, { unsetMeans }) ?? sameAsEarlier(index), reads: [setting] };
  };

  return [
    {
      setting: 'SEED_DEMO',
      requirement: 'no demo organization (its password is in the README)',
      problem: env.SEED_DEMO
        ? 'is true: the demo organization, whose sign-in is published in the README, is never seeded in production; remove SEED_DEMO.'
        : null,
      reads: ['SEED_DEMO'],
    },
    {
      setting: 'DATABASE_URL',
      requirement: 'an external PostgreSQL',
      problem: env.DATABASE_URL ? null : 'not set (the embedded PostgreSQL under DATA_DIR is for development); set postgres://user:password@host:5432/rampart.',
      reads: ['DATABASE_URL'],
    },
    {
      setting: 'SMTP_URL',
      requirement: 'e-mail sent through an SMTP server (no development mailbox)',
      problem: env.SMTP_URL
        ? null
        : 'not set (mail would be kept in files and shown to anyone at /dev/mailbox); set smtps://user:password@smtp.example.com:465.',
      reads: ['SMTP_URL'],
    },
    {
      setting: 'OIDC_ISSUER or SSO_ENABLED',
      requirement: 'single sign-on with an external identity provider over https, or turned off (no development identity provider)',
      problem: !env.SSO_ENABLED
        ? null
        : !env.OIDC_ISSUER
          ? 'neither is set (the development identity provider would start); set OIDC_ISSUER to your identity provider (https://login.example.com/oauth2/default) or SSO_ENABLED=false.'
          : !env.OIDC_ISSUER.startsWith('https://') || isLoopbackHost(env.OIDC_ISSUER)
            ? `OIDC_ISSUER ${env.OIDC_ISSUER} is not an external https issuer; set your identity provider's https issuer, or SSO_ENABLED=false.`
            : null,
      reads: ['OIDC_ISSUER', 'SSO_ENABLED'],
    },
    secretCheck(
      0,
      'a random secret of its own (HMAC key of the support chat identity and the billing sandbox links)',
      'the published development default is used',
    ),
    {
      setting: 'KEY_ENCRYPTION_KEY',
      requirement: 'a random 32-byte key, the same on every process (encrypts secret API keys and wallet credentials)',
      problem: keyEncryptionKeyProblem(env.KEY_ENCRYPTION_KEY),
      reads: ['KEY_ENCRYPTION_KEY'],
    },
    secretCheck(
      1,
      'a random secret of its own, the same on every process (signs document and pass file links)',
      'links would be signed with a key derived from the key-encryption key',
    ),
    secretCheck(2, 'a random bearer token of its own for /metrics', '/metrics would answer anyone'),
    {
      setting: 'PUBLIC_URL',
      requirement: 'https (Secure, __Host- session cookies; links in e-mails)',
      problem: env.PUBLIC_URL.startsWith('https://')
        ? null
        : `${env.PUBLIC_URL} is not https; set the https address users open (https://dashboard.example.com), served by a TLS reverse proxy.`,
      reads: ['PUBLIC_URL'],
    },
    {
      setting: 'GRAPHQL_IDE',
      requirement: 'the GraphQL IDE off',
      problem: env.GRAPHQL_IDE ? 'is true; remove it (or set false): the IDE is for development.' : null,
      reads: ['GRAPHQL_IDE'],
    },
    {
      setting: 'GRAPHQL_INTROSPECTION',
      requirement: 'GraphQL introspection off',
      problem: env.GRAPHQL_INTROSPECTION ? 'is true; remove it (or set false): introspection is for development tools.' : null,
      reads: ['GRAPHQL_INTROSPECTION'],
    },
    {
      setting: 'WEBHOOK_ALLOW_PRIVATE_ADDRESSES',
      requirement: 'webhooks never sent to private addresses',
      problem: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ? 'is true: partners could make this server call its own network; remove it (or set false).' : null,
      reads: ['WEBHOOK_ALLOW_PRIVATE_ADDRESSES'],
    },
    {
      setting: 'EVM_RPC_URL',
      requirement: 'a real EVM node (no built-in local chain)',
      problem: env.EVM_RPC_URL
        ? null
        : "not set (the built-in local chain would deploy and mint with anvil's publicly known development key); set your node's https JSON-RPC URL, with EVM_NETWORK_CODE and EVM_DEPLOYER_PRIVATE_KEY to mint.",
      reads: ['EVM_RPC_URL'],
    },
    {
      setting: 'STRIPE_SECRET_KEY',
      requirement: 'billing through Stripe (no billing sandbox)',
      problem: env.STRIPE_SECRET_KEY
        ? null
        : 'not set (the built-in billing sandbox would accept test cards, so any organization could take a paid plan without paying); set your Stripe secret key and STRIPE_WEBHOOK_SECRET.',
      reads: ['STRIPE_SECRET_KEY'],
    },
    {
      setting: 'INGEST_NATS_CREDS_FILE',
      requirement: "the ingestion stream (when INGEST_NATS_URL is set) signs in to the provider's NATS",
      problem:
        env.INGEST_NATS_URL && !env.INGEST_NATS_CREDS_FILE && !env.INGEST_NATS_USER && !env.INGEST_NATS_TOKEN
          ? 'not set while INGEST_NATS_URL is: anyone who reaches that NATS could feed transactions into Rampart; give the worker its own NATS credentials (INGEST_NATS_CREDS_FILE, or INGEST_NATS_USER and INGEST_NATS_PASSWORD, or INGEST_NATS_TOKEN).'
          : null,
      reads: ['INGEST_NATS_URL', 'INGEST_NATS_CREDS_FILE', 'INGEST_NATS_USER', 'INGEST_NATS_TOKEN'],
    },
    {
      setting: 'HELIO_API_KEY',
      requirement: 'commerce through Helio (no built-in onboarding stand-in)',
      problem: env.HELIO_API_KEY
        ? null
        : "not set (the built-in stand-in would mark partners' Helio merchant accounts as created without Helio); set Helio's platform API key and HELIO_API_SECRET.",
      reads: ['HELIO_API_KEY'],
    },
    {
      setting: 'SUPPORT_EMAIL',
      requirement: "partners' support requests e-mailed to your support team",
      problem: env.SUPPORT_EMAIL
        ? null
        : `not set (support requests would be e-mailed to ${DEVELOPMENT_SUPPORT_EMAIL}, which no one reads); set your support team's address.`,
      reads: ['SUPPORT_EMAIL'],
    },
  ];
}
