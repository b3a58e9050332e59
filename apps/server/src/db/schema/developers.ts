import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * Keys of an account per mode. Publishable and webhook keys are kept readable (the widget shows the first, the
 * server signs with the second); a secret key is stored only as its SHA-256 and shown once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    liveMode: boolean('live_mode').notNull(),
    type: text('type', { enum: ['public', 'publishable', 'secret', 'webhook'] }).notNull(),
    /** The whole key for publishable and webhook keys, a masked form (prefix + last 4) for secret keys, the PEM for public keys. */
    displayValue: text('display_value').notNull(),
    secretHash: text('secret_hash'),
    /** A secret key under AES-256-GCM with the key-encryption key (lib/secret-box.ts), so signed widget URLs can be verified. */
    secretCiphertext: text('secret_ciphertext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the key stops working: now for an immediate roll, 12 hours later otherwise. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('api_keys_account_idx').on(table.accountId, table.liveMode, table.type),
    uniqueIndex('api_keys_secret_hash_unique').on(table.secretHash),
  ],
);

export const affiliatePayoutConfigurations = pgTable('affiliate_payout_configurations', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  currencyId: text('currency_id').notNull(),
  walletAddress: text('wallet_address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const nftAccounts = pgTable('nft_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  baseNftTestnetUrl: text('base_nft_testnet_url'),
  baseNftUrl: text('base_nft_url'),
  isLiteNftFlowAllowed: boolean('is_lite_nft_flow_allowed').notNull().default(false),
  isNftCommerceFlowAllowed: boolean('is_nft_commerce_flow_allowed').notNull().default(false),
  walletDisplayMode: text('wallet_display_mode', { enum: ['EDITABLE', 'HIDDEN', 'READONLY'] }).notNull().default('EDITABLE'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
