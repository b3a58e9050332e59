import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './identity.ts';

/**
 * Wallet addresses staff have marked (spec §6 "wallet block/trust"): blocked addresses are refused by the widget and
 * the test-mode engine; trusted ones skip the test-mode swap's address screening. One row per address, whatever the
 * network; an EVM address is kept in lower case (its checksum casing is not part of the address).
 */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    id: id(),
    address: text('address').notNull().unique(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    blockedAt: timestamptz('blocked_at'),
    isTrusted: boolean('is_trusted').notNull().default(false),
    trustReason: text('trust_reason'),
    trustedAt: timestamptz('trusted_at'),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('wallet_addresses_updated_idx').on(table.updatedAt)],
);
