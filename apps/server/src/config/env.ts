import { z } from 'zod';
import { DEFAULT_THEME_FONT_HOSTS } from '@rampart/shared/themes';
import { ANALYTICS_TYPES } from '@rampart/shared/analytics';
import { HELIO_ONBOARDING_LINK_TTL_MINUTES, HELIO_WALLETS_PER_ACCOUNT } from '@rampart/shared/commerce';
import { parseKek } from '../lib/secret-box.ts';
import { DEVELOPMENT_USER_HASH_SECRET, productionChecks, type ProductionCheck } from './production-checks.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const isKek = (value: string) => parseKek(value) !== null;

const httpUrl = z.url({ protocol: /^https?$/ });

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Every variable the server reads. `.env.example` documents the same list. */
/** The keys of LOOKER_DASHBOARDS that are not analytics types, quoted: a misspelt key would otherwise embed nothing. */
const unknownLookerTypes = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.split('=')[0]!.trim())
    .filter((type) => !(ANALYTICS_TYPES as readonly string[]).includes(type))
    .map((type) => `"${type}"`);

const envShape = {
  // production: start-up refuses unsafe settings (config/production-checks.ts) and no development convenience runs.
  RAMPART_ENV: z.enum(['development', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: httpUrl.default('http://localhost:3000'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  READ_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // The primary without a pooler in between: migrations and the worker's LISTEN/claims. Unset: DATABASE_URL.
  DIRECT_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  // transaction: DATABASE_URL / READ_DATABASE_URL go through PgBouncer in transaction mode, so no named prepared statements.
  DATABASE_POOLING: z.enum(['session', 'transaction']).default('session'),
  // A replica further behind than this (or unreachable) is not read from; reads go to the primary.
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // While the primary changes (failover, PgBouncer restart), a statement that never reached PostgreSQL is sent again for
  // up to this long instead of failing the request (db/failover.ts); 0: never.
  DATABASE_FAILOVER_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(15),
  // /metrics (Prometheus): when set, scrapes must send "Authorization: Bearer <token>".
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // A separate worker process (npm run worker) serves /metrics, /healthz and /readyz on this port; 0: not at all.
  WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  DATA_DIR: z.string().min(1).optional(),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  USER_HASH_SECRET: z.string().min(16).default(DEVELOPMENT_USER_HASH_SECRET),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Rampart <no-reply@rampart.local>'),
  // false: no single sign-on at all (no "Sign in with SSO", no identity provider); production needs this or OIDC_ISSUER.
  SSO_ENABLED: booleanFlag.default(true),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('rampart-dashboard'),
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  // How recent a sign-in the development provider's MyAccount API wants for password changes and removals (step-up).
  DEV_IDP_STEP_UP_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  // SSO users manage their profile, e-mails, phones and password through the provider's MyAccount API (its scopes are requested).
  OIDC_ACCOUNT_MANAGEMENT: booleanFlag.default(true),
  // An SSO sign-in of a user with two-factor authentication on counts as multi-factor when the ID token's amr holds one
  // of these values (RFC 8176; Okta adds "mfa" when more than one factor was used) or its acr is one of
  // OIDC_MFA_ACR_VALUES; otherwise Rampart asks for its own code. Comma lists; an empty list never matches.
  OIDC_MFA_AMR_VALUES: z
    .string()
    .transform(commaList)
    .pipe(z.array(z.string().max(200)))
    .default(['mfa']),
  OIDC_MFA_ACR_VALUES: z
    .string()
    .transform(commaList)
    .pipe(z.array(z.string().max(200)))
    .default([]),
  GRAPHQL_INTROSPECTION: booleanFlag.default(false),
  GRAPHQL_IDE: booleanFlag.default(false),
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Requests one public API key (/v1) may make per minute; raised by the benchmark, which sends ~1,000 per case.
  PUBLIC_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // Enhanced due diligence: a live customer whose completed buys and sells reach this many USD within 30 days joins the
  // staff's EDD queue (the customer-admin module's daily scan).
  EDD_VOLUME_THRESHOLD_USD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'EDD_VOLUME_THRESHOLD_USD is an amount in USD, such as 10000')
    .default('10000'),
  // Unset: true in development, false in production (where true is refused).
  SEED_DEMO: booleanFlag.optional(),
  // Sentry: the web app reports crashes to SENTRY_DSN (it is public, sent to browsers); the server reports its unexpected
  // errors to SENTRY_SERVER_DSN, or to SENTRY_DSN when that is unset (lib/error-reporting.ts).
  SENTRY_DSN: z.url().optional(),
  SENTRY_SERVER_DSN: z.url().optional(),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/)
    .optional(),
  INTERCOM_APP_ID: z.string().min(1).optional(),
  // Intercom's identity verification secret (Intercom: Settings › Security): userHash is the HMAC-SHA256 of the user's
  // id with it, so Intercom trusts user_id. Required with INTERCOM_APP_ID; unset, userHash uses USER_HASH_SECRET.
  INTERCOM_IDENTITY_SECRET: z.string().min(16).optional(),
  // The provider's support team: every new support request is e-mailed here. Unset: DEVELOPMENT_SUPPORT_EMAIL (kept
  // in the development mailbox); production refuses it unset.
  SUPPORT_EMAIL: z.email().optional(),
  WORKER_MODE: z.enum(['embedded', 'off']).default('embedded'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(96),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: booleanFlag.default(false),
  // Fractions of a second are for tests, which must not wait on the 120 s lease.
  WEBHOOK_STALL_SECONDS: z.coerce.number().min(0.1).max(86_400).default(120),
  // A worker beats every third of this; the deliveries a worker silent this long claimed are free for other workers.
  WORKER_HEARTBEAT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  // Feature flags from LaunchDarkly (its server-side SDK key) instead of the database; staff edits then do not apply.
  LAUNCHDARKLY_SDK_KEY: z.string().min(1).optional(),
  // LaunchDarkly's endpoints (unset: LaunchDarkly's own): polling, streaming (flags arrive as server-sent events) and events.
  LAUNCHDARKLY_BASE_URI: httpUrl.optional(),
  LAUNCHDARKLY_STREAM_URI: httpUrl.optional(),
  LAUNCHDARKLY_EVENTS_URI: httpUrl.optional(),
  // false: poll LAUNCHDARKLY_BASE_URI every 30 s instead of keeping a stream open.
  LAUNCHDARKLY_STREAM: booleanFlag.default(true),
  // How long the feature flags read from the database are kept before being read again (a changed rule takes this long).
  FEATURE_FLAG_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  // Secret keys are stored under AES-256-GCM with this key (lib/secret-box.ts); unset: generated into DATA_DIR.
  KEY_ENCRYPTION_KEY: z.string().refine(isKek, 'the base64 of 32 random bytes (openssl rand -base64 32)').optional(),
  KEY_ENCRYPTION_KEY_PREVIOUS: z.string().refine(isKek, 'the base64 of 32 random bytes (openssl rand -base64 32)').optional(),
  TEST_MODE_STEP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1500),
  WIDGET_API_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // The most a partner fee takes of a quote (percentage, fixed value and minimum together), in percent; at most the pricing engine's bound (PRICING_LIMITS, 10).
  PARTNER_FEE_CAP_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,4})?$/, 'a percentage such as 5 or 2.5')
    .refine((value) => Number(value) <= 10, "at most 10 (the pricing engine's bound)")
    .transform((value) => String(Number(value)))
    .default('5'),
  // Hosts a widget theme's web-font stylesheet may come from (comma list); the widget's CSP allows exactly these.
  THEME_FONT_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'host names such as fonts.googleapis.com, comma-separated')).min(1, 'at least one host'))
    .default([...DEFAULT_THEME_FONT_HOSTS]),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILE_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  FILE_LINK_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  SUMSUB_APP_TOKEN: z.string().min(1).optional(),
  SUMSUB_SECRET_KEY: z.string().min(1).optional(),
  SUMSUB_BASE_URL: httpUrl.default('https://api.sumsub.com'),
  SUMSUB_LEVEL_NAME: z.string().min(1).default('basic-kyb-level'),
  SUMSUB_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Helio (commerce): the platform API key pair; unset → the built-in hosted onboarding page.
  HELIO_API_KEY: z.string().min(1).optional(),
  HELIO_API_SECRET: z.string().min(1).optional(),
  HELIO_API_BASE: httpUrl.default('https://api.hel.io'),
  HELIO_ONBOARDING_LINK_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(HELIO_ONBOARDING_LINK_TTL_MINUTES),
  HELIO_WALLETS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(HELIO_WALLETS_PER_ACCOUNT),
  // CRM: Pipedrive when its API token is set (accounts/pipedrive-crm.ts); unset, no CRM is written to.
  PIPEDRIVE_API_TOKEN: z.string().min(1).optional(),
  // Pipedrive's API host (a local fake in tests); its API v2 paths are under /api/v2.
  PIPEDRIVE_BASE_URL: httpUrl.default('https://api.pipedrive.com'),
  // Billing: Stripe when its secret key is set, else the built-in sandbox (modules/billing/providers.ts).
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Another Stripe API host (a local fake in tests); unset: Stripe's own.
  STRIPE_API_BASE: httpUrl.optional(),
  // Looker signed embedding (analytics): both host and secret set → lookerEmbedUrl returns signed SSO URLs.
  LOOKER_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'a host name such as analytics.example.com (no scheme)')
    .optional(),
  LOOKER_EMBED_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  LOOKER_MODELS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    )
    .default([]),
  // Dashboard id per analytics type, like "volume=12,conversion=13,quarterlyReview=20"; a type missing has no embed.
  // `volume` shows the Analytics › Looker tab, quarterlyReview the dashboard on the quarterly review page.
  LOOKER_DASHBOARDS: z
    .string()
    .regex(/^\s*[a-zA-Z]+\s*=\s*[\w:.-]+\s*(,\s*[a-zA-Z]+\s*=\s*[\w:.-]+\s*)*$/, {
      error: 'type=dashboardId pairs, comma-separated, such as volume=12,failures=15',
      abort: true,
    })
    .refine((value) => unknownLookerTypes(value).length === 0, {
      error: (issue) => `unknown type ${unknownLookerTypes(String(issue.input)).join(', ')}; the types are ${ANALYTICS_TYPES.join(', ')}`,
    })
    .optional(),
  LOOKER_SESSION_LENGTH: z.coerce.number().int().min(60).max(2_592_000).default(3600),
  // The EVM chain (minting, NFT-bound passes): a JSON-RPC node; unset → Rampart's built-in local chain (anvil) on
  // 127.0.0.1:EVM_LOCAL_PORT, network code local_evm, state under DATA_DIR/chain, deployer = anvil's dev account #0.
  EVM_RPC_URL: httpUrl.optional(),
  EVM_NETWORK_CODE: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, 'a network code such as ethereum or polygon (lower case)')
    .default('ethereum'),
  // The key that deploys collections and mints (0x + 64 hex); without it (and with EVM_RPC_URL) minting is off.
  EVM_DEPLOYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'a private key: 0x and 64 hex digits')
    .optional(),
  EVM_LOCAL_PORT: z.coerce.number().int().min(1024).max(65535).default(8546),
  // The minting embed (modules/minting/hypermint.ts), in a format Rampart defines: both set → getHyperMintEmbedUrl signs URLs.
  HYPERMINT_HOST: httpUrl.optional(),
  HYPERMINT_EMBED_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  // How often the worker reads Transfer events for NFT-bound passes.
  PASSES_NFT_WATCH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(3),
  // Google Wallet's REST API and OAuth 2.0 token endpoint, used for projects with the partner's own Google credentials
  // (another host, e.g. a local fake of Google's documented API).
  GOOGLE_WALLET_API_BASE: httpUrl.default('https://walletobjects.googleapis.com'),
  GOOGLE_OAUTH_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  // Ingestion from the provider's NATS JetStream (docs/ingestion.md): the worker pulls events from this server when set;
  // unset, events arrive over HTTP (POST /provider/v1/events) only. Comma list of nats:// or tls:// URLs of one cluster.
  INGEST_NATS_URL: z
    .string()
    .transform(commaList)
    .refine(
      (urls) => urls.length > 0 && urls.every((url) => /^(nats|tls):\/\/[^/\s]+/.test(url) && URL.canParse(url)),
      'nats://host:4222 or tls://host:4222 URLs, comma-separated',
    )
    .optional(),
  // The provider's stream holding one CloudEvent per message, and the durable pull consumer Rampart reads it through
  // (created with explicit acknowledgement when missing; every worker shares it, so each event goes to one of them).
  INGEST_NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a stream name (letters, digits, - and _)')
    .default('PROVIDER_EVENTS'),
  INGEST_NATS_CONSUMER: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'a consumer name (letters, digits, - and _)')
    .default('rampart-ingest'),
  // How the worker signs in to NATS: a .creds file (JWT and NKey seed), or a user and password, or a token.
  INGEST_NATS_CREDS_FILE: z.string().min(1).optional(),
  INGEST_NATS_USER: z.string().min(1).optional(),
  INGEST_NATS_PASSWORD: z.string().min(1).optional(),
  INGEST_NATS_TOKEN: z.string().min(1).optional(),
  // Events pulled at once; each pull is ingested in one database transaction, then acknowledged.
  INGEST_NATS_BATCH: z.coerce.number().int().min(1).max(10_000).default(1000),
};

const envSchema = z
  .object(envShape)
  .superRefine((env, ctx) => {
    /** Settings that work only together: one without the other names the missing one. */
    const needBoth = (first: keyof typeof env, second: keyof typeof env, what: string) => {
      if (Boolean(env[first]) !== Boolean(env[second])) {
        ctx.addIssue({ code: 'custom', path: [env[first] ? second : first], message: `${what} needs both ${first} and ${second}` });
      }
    };
    if (env.OIDC_ISSUER && new URL(env.OIDC_ISSUER).host.includes('-admin.')) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'the issuer host must not contain "-admin."' });
    }
    if (env.FILE_STORAGE === 's3') {
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when FILE_STORAGE=s3' });
      }
    }
    if (env.KEY_ENCRYPTION_KEY_PREVIOUS && !env.KEY_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['KEY_ENCRYPTION_KEY'], message: 'required when KEY_ENCRYPTION_KEY_PREVIOUS is set (the new key to rotate to)' });
    }
    needBoth('SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SumSub');
    needBoth('HELIO_API_KEY', 'HELIO_API_SECRET', 'Helio');
    needBoth('INTERCOM_APP_ID', 'INTERCOM_IDENTITY_SECRET', "Intercom's Messenger (identity verified by user_hash)");
    if (env.SUMSUB_APP_TOKEN && !env.SUMSUB_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SUMSUB_WEBHOOK_SECRET'], message: 'required when SumSub is configured (its webhooks are verified with it)' });
    }
    needBoth('LOOKER_HOST', 'LOOKER_EMBED_SECRET', 'Looker embedding');
    needBoth('HYPERMINT_HOST', 'HYPERMINT_EMBED_SECRET', 'HyperMint embedding');
    if (env.EVM_DEPLOYER_PRIVATE_KEY && !env.EVM_RPC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['EVM_DEPLOYER_PRIVATE_KEY'],
        message: 'only with EVM_RPC_URL (the built-in local chain uses its own development key)',
      });
    }
    needBoth('INGEST_NATS_USER', 'INGEST_NATS_PASSWORD', 'a NATS user');
    const natsCredentials = [env.INGEST_NATS_CREDS_FILE, env.INGEST_NATS_USER, env.INGEST_NATS_TOKEN].filter(Boolean).length;
    if (natsCredentials > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['INGEST_NATS_CREDS_FILE'],
        message: 'one way to sign in to NATS: INGEST_NATS_CREDS_FILE, or INGEST_NATS_USER and INGEST_NATS_PASSWORD, or INGEST_NATS_TOKEN',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'required when Stripe is configured (its webhooks are verified with it)' });
    }
  })
  .transform(withModeDefaults);

function withModeDefaults<T extends { RAMPART_ENV: 'development' | 'production'; SEED_DEMO?: boolean | undefined }>(env: T) {
  return { ...env, SEED_DEMO: env.SEED_DEMO ?? env.RAMPART_ENV === 'development' };
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** A setting to change and why. */
export interface SettingProblem {
  setting: string;
  message: string;
}

export interface EnvironmentReport {
  mode: Env['RAMPART_ENV'];
  /** The parsed settings; null when one is invalid. */
  env: Env | null;
  /** Settings refused in any mode (a malformed value, a missing companion setting). */
  invalid: SettingProblem[];
  /** The production checks, each passing or failing: enforced in production, advice in development. */
  checks: ProductionCheck[];
  /** What stops a start in this mode: every invalid setting, and in production every failed check. */
  problems: SettingProblem[];
}

function cleanedSource(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/**
 * Each setting parsed on its own, an invalid one at its default: what the production checks read when another
 * setting is invalid, so one start lists every problem at once.
 */
function settingsOneByOne(cleaned: Record<string, string>): Env {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(envShape) as Array<[string, z.ZodType]>) {
    const parsed = schema.safeParse(cleaned[name]);
    values[name] = parsed.success ? parsed.data : schema.safeParse(undefined).data;
  }
  return withModeDefaults(values as z.infer<z.ZodObject<typeof envShape>>);
}

/** Every setting checked, without starting anything: start-up (parseEnv) and `npm run doctor` read the same report. */
export function inspectEnvironment(source: Record<string, string | undefined>): EnvironmentReport {
  const cleaned = cleanedSource(source);
  const result = envSchema.safeParse(cleaned);
  const invalid = result.success ? [] : result.error.issues.map((issue) => ({ setting: issue.path.map(String).join('.') || '(env)', message: issue.message }));
  const env = result.success ? result.data : null;
  // A misspelt RAMPART_ENV (prod) is checked as production: whoever set it meant a real deployment.
  const mode = env?.RAMPART_ENV ?? (cleaned.RAMPART_ENV === undefined || cleaned.RAMPART_ENV === 'development' ? 'development' : 'production');
  const checks = productionChecks(env ?? { ...settingsOneByOne(cleaned), RAMPART_ENV: mode });
  const refused = new Set(invalid.map((problem) => problem.setting));
  const failed =
    mode === 'production'
      ? checks
          .filter((check) => check.problem !== null && !check.reads.some((name) => refused.has(name)))
          .map((check) => ({ setting: check.setting, message: check.problem! }))
      : [];
  return { mode, env, invalid, checks, problems: [...invalid, ...failed] };
}

/** The problems in words: one line per setting, each naming it. */
export function describeProblems(report: EnvironmentReport): string {
  const lines = report.problems.map((problem) => `  ${problem.setting}: ${problem.message}`);
  if (report.mode === 'production') {
    const count = report.problems.length === 1 ? 'one setting needs' : `${report.problems.length} settings need`;
    return [
      `Rampart will not start in production (RAMPART_ENV=production): ${count} changing.`,
      ...lines,
      'The production settings are listed in .env.example and docs/operations.md; `npm run doctor` checks them without starting.',
    ].join('\n');
  }
  return `Invalid environment configuration:\n${lines.join('\n')}`;
}

/** Parses the environment, listing every bad variable by name (and in production every unsafe one). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const report = inspectEnvironment(source);
  if (report.problems.length > 0 || !report.env) throw new EnvError(describeProblems(report));
  return report.env;
}

/** For entry points: the parsed environment, or a message naming every bad variable and exit code 1. */
export function loadEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The development identity provider runs beside the app: development only, SSO on, no issuer configured. */
export function runsDevelopmentIdentityProvider(config: Pick<Env, 'RAMPART_ENV' | 'SSO_ENABLED' | 'OIDC_ISSUER'>): boolean {
  return config.RAMPART_ENV === 'development' && config.SSO_ENABLED && !config.OIDC_ISSUER;
}

/** The issuer URL of the development identity provider (src/dev/) on a given port: here, so SSO need not load that code. */
export function developmentIssuer(port: number): string {
  return `http://localhost:${port}`;
}
