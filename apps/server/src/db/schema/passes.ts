import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import {
  PASS_BARCODE_FORMATS,
  PASS_CREDENTIAL_SOURCES,
  PASS_EVENT_TYPES,
  PASS_INVALIDATION_REASONS,
  PASS_POLICY_KINDS,
  PASS_STATUSES,
  PASS_STYLES,
  type PassFields,
  type PassTemplateColors,
} from '@rampart/shared/passes';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';
import { nftCollections } from './settings.ts';
import { transactions } from './transactions.ts';

/**
 * Passes (issue 17): projects of an account, each with its policies (who is entitled), templates (the layout for Apple
 * and Google), API keys, wallet credentials, and the passes issued through its REST API.
 */
export const passProjects = pgTable(
  'pass_projects',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    name: text('name').notNull(),
    description: text('description'),
    /** Domains a sign-in message may name (EIP-4361 `domain`); empty: any. */
    allowedDomains: text('allowed_domains').array().notNull().default([]),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('pass_projects_account_idx').on(table.accountId, table.createdAt),
    uniqueIndex('pass_projects_account_name_unique').on(table.accountId, sql`lower(${table.name})`),
  ],
);

/**
 * A project's wallet credentials. Secrets (Apple signer key and certificate, Google service-account key) are encrypted
 * with the secret box (KEY_ENCRYPTION_KEY). Without the partner's own, Rampart's development ones are used: accepted by
 * no real wallet, and shown as such.
 */
export const passProjectCredentials = pgTable('pass_project_credentials', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => passProjects.id, { onDelete: 'cascade' }),
  appleSource: text('apple_source', { enum: PASS_CREDENTIAL_SOURCES }).notNull(),
  applePassTypeIdentifier: text('apple_pass_type_identifier').notNull(),
  appleTeamIdentifier: text('apple_team_identifier').notNull(),
  /** JSON {signerCertPem, signerKeyPem, wwdrPem}, encrypted. */
  appleSigningEncrypted: text('apple_signing_encrypted').notNull(),
  appleCertificateSubject: text('apple_certificate_subject').notNull(),
  appleCertificateExpiresAt: timestamptz('apple_certificate_expires_at').notNull(),
  googleSource: text('google_source', { enum: PASS_CREDENTIAL_SOURCES }).notNull(),
  googleIssuerId: text('google_issuer_id').notNull(),
  googleServiceAccountEmail: text('google_service_account_email').notNull(),
  /** The service account's private key (PEM) and key id, as JSON, encrypted. */
  googleKeyEncrypted: text('google_key_encrypted').notNull(),
  updatedAt: updatedAt(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Who a project's passes are for: listed wallets, or holders of an NFT contract's tokens (optionally only some ids). */
export const passPolicies = pgTable(
  'pass_policies',
  {
    id: id(),
    projectId: ownedBy('project_id', () => passProjects.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: PASS_POLICY_KINDS }).notNull(),
    /** kind wallets: lower-case 0x addresses. */
    walletAddresses: text('wallet_addresses').array().notNull().default([]),
    /** kind nft: the network, its chain id and the contract (lower-case 0x). */
    networkCode: text('network_code'),
    chainId: integer('chain_id'),
    contractAddress: text('contract_address'),
    /** kind nft: token ids as decimal strings; empty: any token of the contract. */
    tokenIds: text('token_ids').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('pass_policies_project_idx').on(table.projectId, table.createdAt)],
);

/** A pass layout for Apple and Google: style, colours, images, fields, barcode format. */
export const passTemplates = pgTable(
  'pass_templates',
  {
    id: id(),
    projectId: ownedBy('project_id', () => passProjects.id),
    name: text('name').notNull(),
    style: text('style', { enum: PASS_STYLES }).notNull().default('generic'),
    /** Apple's organizationName and the Google card title. */
    organizationName: text('organization_name').notNull(),
    description: text('description').notNull(),
    logoText: text('logo_text'),
    colors: jsonb('colors').$type<PassTemplateColors>().notNull(),
    fields: jsonb('fields').$type<PassFields>().notNull(),
    barcodeFormat: text('barcode_format', { enum: PASS_BARCODE_FORMATS }).notNull().default('QR'),
    /** File-storage keys of PNG images (lib/file-storage.ts). */
    logoImageKey: text('logo_image_key'),
    iconImageKey: text('icon_image_key'),
    stripImageKey: text('strip_image_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('pass_templates_project_idx').on(table.projectId, table.createdAt)],
);

/** A project's REST API keys (`pass_sk_…`); only a hash is kept. */
export const passProjectApiKeys = pgTable(
  'pass_project_api_keys',
  {
    id: id(),
    projectId: ownedBy('project_id', () => passProjects.id),
    name: text('name').notNull(),
    /** The first characters, shown to tell keys apart (pass_sk_ + 6). */
    keyPrefix: text('key_prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    lastUsedAt: timestamptz('last_used_at'),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('pass_project_api_keys_project_idx').on(table.projectId, table.createdAt)],
);

/** Sign-in nonces handed out by the REST API: each works once, until it expires (replays are refused). */
export const passNonces = pgTable('pass_nonces', {
  nonce: text('nonce').primaryKey(),
  projectId: ownedBy('project_id', () => passProjects.id),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** An issued pass. */
export const passes = pgTable(
  'passes',
  {
    id: id(),
    projectId: ownedBy('project_id', () => passProjects.id),
    /** Denormalised from the project, for tenant checks without a join. */
    accountId: ownedBy('account_id', () => accounts.id),
    templateId: uuid('template_id')
      .notNull()
      .references(() => passTemplates.id),
    /** The policies that admitted the holder. */
    policyIds: uuid('policy_ids').array().notNull().default([]),
    /** The holder's wallet, EIP-55 checksummed as signed. */
    holderAddress: text('holder_address').notNull(),
    /** NFT-bound passes: the token the pass stands for (contract lower-case 0x, token id as a decimal string). */
    networkCode: text('network_code'),
    chainId: integer('chain_id'),
    contractAddress: text('contract_address'),
    tokenId: text('token_id'),
    status: text('status', { enum: PASS_STATUSES }).notNull().default('active'),
    invalidatedReason: text('invalidated_reason', { enum: PASS_INVALIDATION_REASONS }),
    invalidatedAt: timestamptz('invalidated_at'),
    /** Apple's serialNumber; also the Google object's suffix. */
    serialNumber: text('serial_number').notNull().unique(),
    /** Apple's authenticationToken for the pass web service (only its hash is kept after issuing: see passes-api). */
    authenticationTokenHash: text('authentication_token_hash').notNull(),
    barcodeMessage: text('barcode_message').notNull(),
    barcodeFormat: text('barcode_format', { enum: PASS_BARCODE_FORMATS }).notNull(),
    /** Per-pass image (PNG, file-storage key) and field overrides (the API's `layout`). */
    imageKey: text('image_key'),
    layout: jsonb('layout').$type<Partial<PassFields>>(),
    externalId: text('external_id'),
    /** The signed sign-in message and signature that proved control of the holder's wallet. */
    signedMessage: text('signed_message').notNull(),
    signature: text('signature').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('passes_project_created_idx').on(table.projectId, table.createdAt, table.id),
    index('passes_project_holder_idx').on(table.projectId, sql`lower(${table.holderAddress})`),
    unique('passes_project_barcode_unique').on(table.projectId, table.barcodeMessage),
    // The transfer watcher's lookup: active passes bound to a token.
    index('passes_active_token_idx')
      .on(table.chainId, table.contractAddress, table.tokenId)
      .where(sql`status = 'active' and token_id is not null`),
  ],
);

/** What happened to each pass: status history, wallet registrations and scans; the overview counts these by day. */
export const passEvents = pgTable(
  'pass_events',
  {
    id: id(),
    passId: ownedBy('pass_id', () => passes.id),
    projectId: ownedBy('project_id', () => passProjects.id),
    type: text('type', { enum: PASS_EVENT_TYPES }).notNull(),
    /** E.g. {reason}, {transactionHash, to}, {valid, scannedBy}. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('pass_events_pass_idx').on(table.passId, table.createdAt), index('pass_events_project_idx').on(table.projectId, table.createdAt)],
);

/** Apple Wallet devices registered for a pass's updates (PassKit web service): a registration means "added". */
export const passAppleRegistrations = pgTable(
  'pass_apple_registrations',
  {
    passId: ownedBy('pass_id', () => passes.id),
    deviceLibraryIdentifier: text('device_library_identifier').notNull(),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('pass_apple_registrations_unique').on(table.passId, table.deviceLibraryIdentifier)],
);

/** How far the transfer watcher has read each watched contract's Transfer logs. */
export const nftTransferCursors = pgTable(
  'nft_transfer_cursors',
  {
    chainId: integer('chain_id').notNull(),
    contractAddress: text('contract_address').notNull(),
    lastBlock: text('last_block').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('nft_transfer_cursors_pk').on(table.chainId, table.contractAddress)],
);

/** Tokens minted through Rampart into collections it deployed. */
export const nftMints = pgTable(
  'nft_mints',
  {
    id: id(),
    collectionId: ownedBy('collection_id', () => nftCollections.id),
    tokenId: text('token_id').notNull(),
    toAddress: text('to_address').notNull(),
    tokenUri: text('token_uri'),
    transactionHash: text('transaction_hash').notNull(),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('nft_mints_collection_idx').on(table.collectionId, table.createdAt),
    unique('nft_mints_collection_token_unique').on(table.collectionId, table.tokenId),
  ],
);

/**
 * NFT checkout (issue 38): a paid purchase's delivery on the chain, written (committed) before the mint or transfer is
 * sent. A job that crashed after sending finds it on retry and looks on the chain for the token it delivered since
 * `fromBlock` instead of sending again; `transactionHash`/`tokenId` are set as soon as the chain answers.
 */
export const nftDeliveries = pgTable(
  'nft_deliveries',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    contractAddress: text('contract_address').notNull(),
    /** The chain's block number just before sending: the delivery is in a later block. */
    fromBlock: numeric('from_block').notNull(),
    tokenId: text('token_id'),
    transactionHash: text('transaction_hash'),
    createdAt: createdAt(),
  },
  (table) => [index('nft_deliveries_contract_token_idx').on(table.contractAddress, table.tokenId)],
);
