import { boolean, index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';

/** The crypto catalogue (spec §3 Crypto currency), seeded at start from lib/crypto-catalogue.ts. */
export const cryptoCurrencies = pgTable('crypto_currencies', {
  id: id(),
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
  /** Set when staff last suspended or resumed it: from then on staff own both flags and the catalogue seed keeps them. */
  suspensionChangedAt: timestamptz('suspension_changed_at'),
  suspensionChangedByUserId: uuid('suspension_changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  suspensionReason: text('suspension_reason'),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: updatedAt(),
});

/** NFT collections an account sells through the NFT checkout. */
export const nftCollections = pgTable(
  'nft_collections',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    contractAddress: text('contract_address').notNull(),
    contractType: text('contract_type', { enum: ['ERC721', 'ERC1155', 'METAPLEX'] }).notNull(),
    networkCode: text('network_code').notNull(),
    /** Minting (issue 17): set when Rampart deployed the contract itself on the configured chain. */
    symbol: text('symbol'),
    chainId: integer('chain_id'),
    deployTransactionHash: text('deploy_transaction_hash'),
    deployedAt: timestamptz('deployed_at'),
    /** NFT checkout (issue 38): a token's price in the network's native asset (ETH on EVM chains). */
    priceAmount: numeric('price_amount').notNull().default('0.01'),
    createdAt: createdAt(),
  },
  (table) => [
    index('nft_collections_account_idx').on(table.accountId, table.createdAt),
    uniqueIndex('nft_collections_account_contract_unique').on(table.accountId, table.networkCode, table.contractAddress),
  ],
);
