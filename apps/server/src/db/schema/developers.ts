import { bigserial, boolean, index, inet, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';

/**
 * Keys of an account per mode. Publishable and webhook keys are kept readable (the widget shows the first, the
 * server signs with the second); a secret key is stored only as its SHA-256 and shown once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    /** restricted: a secret key (rk_…) limited to chosen REST resources (restrictions). */
    type: text('type', { enum: ['public', 'publishable', 'secret', 'restricted', 'webhook'] }).notNull(),
    /** A partner's name for a secret or restricted key ("Backend", "Reporting job"); null for the default keys. */
    name: text('name'),
    /** REST resource → 'read' | 'write' for a restricted key; a resource not listed is refused. Null for other keys. */
    restrictions: jsonb('restrictions').$type<Record<string, 'read' | 'write'>>(),
    /** Last authenticated REST request with this key (updated at most once a minute). */
    lastUsedAt: timestamptz('last_used_at'),
    /** The whole key for publishable and webhook keys, a masked form (prefix + last 4) for secret keys, the PEM for public keys. */
    displayValue: text('display_value').notNull(),
    secretHash: text('secret_hash'),
    /** A secret key under AES-256-GCM with the key-encryption key (lib/secret-box.ts), so signed widget URLs can be verified. */
    secretCiphertext: text('secret_ciphertext'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the key stops working: now for an immediate roll, 12 hours later otherwise. */
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId, table.liveMode, table.type), uniqueIndex('api_keys_secret_hash_unique').on(table.secretHash)],
);

export const affiliatePayoutConfigurations = pgTable('affiliate_payout_configurations', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  currencyId: text('currency_id').notNull(),
  walletAddress: text('wallet_address').notNull(),
  updatedAt: updatedAt(),
});

export const nftAccounts = pgTable('nft_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  baseNftTestnetUrl: text('base_nft_testnet_url'),
  baseNftUrl: text('base_nft_url'),
  isLiteNftFlowAllowed: boolean('is_lite_nft_flow_allowed').notNull().default(false),
  isNftCommerceFlowAllowed: boolean('is_nft_commerce_flow_allowed').notNull().default(false),
  walletDisplayMode: text('wallet_display_mode', { enum: ['EDITABLE', 'HIDDEN', 'READONLY'] })
    .notNull()
    .default('EDITABLE'),
  updatedAt: updatedAt(),
});

/** Every authenticated REST request under /v1, per key; kept 30 days (the api_request_log_retention job). */
export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    accountId: ownedBy('account_id', () => accounts.id),
    apiKeyId: ownedBy('api_key_id', () => apiKeys.id),
    liveMode: boolean('live_mode').notNull(),
    method: text('method').notNull(),
    /** The path without its query string (query values can hold customer data). */
    path: text('path').notNull(),
    status: integer('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    requestId: text('request_id'),
    ipAddress: inet('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    index('api_request_log_account_idx').on(table.accountId, table.liveMode, table.createdAt.desc(), table.id.desc()),
    index('api_request_log_key_idx').on(table.apiKeyId, table.createdAt.desc(), table.id.desc()),
    index('api_request_log_created_idx').on(table.createdAt),
  ],
);

/** Which table an idempotency key's api_key_id is from. */
export type IdempotencyKeySource = 'api_key' | 'pass_key';

/**
 * An Idempotency-Key sent with a POST under /v1 or /passes-api/v1: per API key (a secret key of api_keys, or a pass
 * project's key of pass_project_api_keys: key_source says which), the request's fingerprint and its first response,
 * replayed for a retry with the same body for 24 hours. response_status is null while the first request runs. No
 * foreign key (two key tables): rows of deleted keys go with the hourly api_idempotency_key_retention job.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id').notNull(),
    keySource: text('key_source').$type<IdempotencyKeySource>().notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body: a different request under the same key is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    requestId: text('request_id'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [primaryKey({ columns: [table.keySource, table.apiKeyId, table.key] }), index('api_idempotency_keys_created_idx').on(table.createdAt)],
);
