import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, timestamptz, updatedAt } from './columns.ts';
import { HELIO_MERCHANT_STATUSES, HELIO_PROVIDERS } from '@rampart/shared/commerce';
import { accounts } from './accounts.ts';
import { users } from './identity.ts';
import { cryptoCurrencies } from './settings.ts';

/**
 * Commerce (issue 15): an account's Helio merchant account, created in Rampart and completed through the provider's
 * hosted onboarding (Helio when configured, else Rampart's built-in onboarding page), and its payout wallets.
 */
export const helioMerchantAccounts = pgTable('helio_merchant_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: HELIO_PROVIDERS }).notNull(),
  providerMerchantId: text('provider_merchant_id').notNull().unique(),
  status: text('status', { enum: HELIO_MERCHANT_STATUSES }).notNull(),
  businessName: text('business_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  /** The hosted onboarding link and when it stops working (getRefreshedHelioRedirectUrl makes a new one). */
  onboardingUrl: text('onboarding_url'),
  onboardingUrlExpiresAt: timestamptz('onboarding_url_expires_at'),
  onboardingCompletedAt: timestamptz('onboarding_completed_at'),
  createdAt: createdAt(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/** The built-in onboarding's one-time links (only a hash is kept). */
export const helioOnboardingLinks = pgTable('helio_onboarding_links', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: ownedBy('account_id', () => accounts.id),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** Payout wallets (spec §3 Helio wallet: id, walletAddress, walletAddressTag, createdAt) with their currency. */
export const helioWallets = pgTable(
  'helio_wallets',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => cryptoCurrencies.id),
    walletAddress: text('wallet_address').notNull(),
    walletAddressTag: text('wallet_address_tag'),
    providerWalletId: text('provider_wallet_id'),
    createdAt: createdAt(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('helio_wallets_unique').on(table.accountId, table.currencyId, table.walletAddress, table.walletAddressTag).nullsNotDistinct(),
    index('helio_wallets_account_idx').on(table.accountId, table.createdAt),
  ],
);
