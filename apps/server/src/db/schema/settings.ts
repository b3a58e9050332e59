import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** The crypto catalogue (spec §3 Crypto currency), seeded at start from lib/crypto-catalogue.ts. */
export const cryptoCurrencies = pgTable('crypto_currencies', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  type: text('type').notNull().default('crypto'),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  addressRegex: text('address_regex').notNull(),
  supportsAddressTag: boolean('supports_address_tag').notNull().default(false),
  networkCode: text('network_code').notNull(),
  supportsTestMode: boolean('supports_test_mode').notNull().default(false),
  isSellSupported: boolean('is_sell_supported').notNull().default(false),
  isSuspended: boolean('is_suspended').notNull().default(false),
  isSuspendedUS: boolean('is_suspended_us').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** NFT collections an account sells through the NFT checkout. */
export const nftCollections = pgTable(
  'nft_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    contractAddress: text('contract_address').notNull(),
    contractType: text('contract_type', { enum: ['ERC721', 'ERC1155', 'METAPLEX'] }).notNull(),
    networkCode: text('network_code').notNull(),
    /** Minting (issue 17): set when Rampart deployed the contract itself on the configured chain. */
    symbol: text('symbol'),
    chainId: integer('chain_id'),
    deployTransactionHash: text('deploy_transaction_hash'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('nft_collections_account_idx').on(table.accountId, table.createdAt),
    uniqueIndex('nft_collections_account_contract_unique').on(table.accountId, table.networkCode, table.contractAddress),
  ],
);
