import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, rollupKey, timestamptz, updatedAt, volumeTotals } from './columns.ts';
import { accounts } from './accounts.ts';

/** One entry of a transaction's status timeline. */
export interface StatusHistoryEntry {
  status: string;
  at: string;
  /** Who moved it: a staff user id, or null for the provider's own processing. */
  by?: string | null;
  reason?: string | null;
}

/** End customers of a partner, per mode. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    externalCustomerId: text('external_customer_id'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    defaultCurrency: text('default_currency'),
    /** identityCheck.level: Basic, Blocked, Full, Lite. */
    kycLevel: text('kyc_level').notNull().default('Basic'),
    /** identityCheck.status: Clear, Failed, NotStarted, Pending, Rejected, Reset. */
    identityCheckStatus: text('identity_check_status').notNull().default('NotStarted'),
    /** identityCheck.result: clear, consider, rejected (null while not finished). */
    identityCheckResult: text('identity_check_result'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockedAt: timestamptz('blocked_at'),
    blockedBy: uuid('blocked_by'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** The provider's version of this customer (ingestion): an event with a lower one is stale. 0 for rows made here. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('customers_list_idx').on(table.accountId, table.liveMode, table.createdAt.desc(), table.id.desc()),
    // text_pattern_ops: equality and prefix searches (ana… , cust-12…) both use these, whatever the database's collation.
    index('customers_email_idx').on(table.accountId, table.liveMode, sql`lower(${table.email}) text_pattern_ops`),
    index('customers_external_idx').on(table.accountId, table.liveMode, table.externalCustomerId.op('text_pattern_ops')),
    // Staff search every partner's customers (issue 35): by e-mail or external id prefix, and newest first.
    index('customers_staff_email_idx').on(sql`lower(${table.email}) text_pattern_ops`),
    index('customers_staff_external_idx').on(table.externalCustomerId.op('text_pattern_ops')),
    index('customers_staff_list_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);

/** Identity documents a customer uploaded, with their review result. */
export const customerFiles = pgTable(
  'customer_files',
  {
    id: id(),
    customerId: ownedBy('customer_id', () => customers.id),
    type: text('type').notNull(),
    reviewResult: text('review_result'),
    createdAt: createdAt(),
  },
  (table) => [index('customer_files_customer_idx').on(table.customerId)],
);

/** Payment cards a customer saved (brand and last four digits only). */
export const customerCards = pgTable(
  'customer_cards',
  {
    id: id(),
    customerId: ownedBy('customer_id', () => customers.id),
    brand: text('brand').notNull(),
    lastDigits: text('last_digits').notNull(),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    cardType: text('card_type').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('customer_cards_customer_idx').on(table.customerId, table.createdAt.desc(), table.id.desc())],
);

/**
 * Buy (with NFT purchases), sell, swap and balance transactions in one table, one `kind` per row
 * (docs/decisions/0005-one-transactions-table.md). `amount` is what filters and sorts use: the fiat side of a buy
 * or sell, the base amount of a swap, the amount of a balance transaction.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    liveMode: boolean('live_mode').notNull(),
    kind: text('kind', { enum: ['buy', 'sell', 'swap', 'balance'] }).notNull(),
    /** Balance transactions: Deposit, Reward, Withdrawal. */
    balanceType: text('balance_type'),
    isNft: boolean('is_nft').notNull().default(false),
    status: text('status').notNull(),
    detailedStatus: text('detailed_status'),
    pendingActionStatus: text('pending_action_status'),
    isWaitingKyc: boolean('is_waiting_kyc').notNull().default(false),
    failureReason: text('failure_reason'),
    flow: text('flow'),
    isQuoteExpired: boolean('is_quote_expired').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    externalCustomerId: text('external_customer_id'),
    externalTransactionId: text('external_transaction_id'),
    baseCurrencyCode: text('base_currency_code').notNull(),
    quoteCurrencyCode: text('quote_currency_code'),
    /** The fiat currency of the transaction (buy, sell, balance); the base crypto of a swap. */
    fiatCurrencyCode: text('fiat_currency_code').notNull(),
    amount: numeric('amount').notNull(),
    baseCurrencyAmount: numeric('base_currency_amount').notNull(),
    quoteCurrencyAmount: numeric('quote_currency_amount'),
    originalBaseCurrencyAmount: numeric('original_base_currency_amount'),
    feeAmount: numeric('fee_amount').notNull().default('0'),
    extraFeeAmount: numeric('extra_fee_amount').notNull().default('0'),
    networkFeeAmount: numeric('network_fee_amount').notNull().default('0'),
    /** Value of one unit of `fiatCurrencyCode` in usd, eur and gbp at the time of the transaction. */
    usdRate: numeric('usd_rate').notNull(),
    eurRate: numeric('eur_rate').notNull(),
    gbpRate: numeric('gbp_rate').notNull(),
    paymentMethod: text('payment_method'),
    /** The processor route the account's routing rules chose (issue 35); null: the provider's default route. */
    route: text('route'),
    country: text('country'),
    networkCode: text('network_code'),
    cryptoTransactionId: text('crypto_transaction_id'),
    walletAddress: text('wallet_address'),
    walletAddressTag: text('wallet_address_tag'),
    userAgent: text('user_agent'),
    nftTransaction: jsonb('nft_transaction').$type<Record<string, unknown>>(),
    defiBuyTransaction: jsonb('defi_buy_transaction').$type<Record<string, unknown>>(),
    // Sell
    refundWalletAddress: text('refund_wallet_address'),
    depositHash: text('deposit_hash'),
    refundApprovalStatus: text('refund_approval_status'),
    refundHash: text('refund_hash'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledBy: uuid('cancelled_by'),
    refundApprovedAt: timestamptz('refund_approved_at'),
    refundApprovedBy: uuid('refund_approved_by'),
    // Swap
    quote: jsonb('quote').$type<Record<string, unknown>>(),
    depositWalletAddress: text('deposit_wallet_address'),
    refundTransactionHash: text('refund_transaction_hash'),
    statusHistory: jsonb('status_history').$type<StatusHistoryEntry[]>().notNull().default([]),
    /** The provider's version of this transaction (ingestion): an event with a lower one is stale. 0 for rows made here. */
    version: integer('version').notNull().default(0),
  },
  (table) => [
    // Newest first within an account, mode and kind; the trailing status and amount let filters on them run index-only.
    index('transactions_list_idx').on(table.accountId, table.liveMode, table.kind, table.createdAt.desc(), table.id.desc(), table.status, table.amount),
    index('transactions_status_idx').on(table.accountId, table.liveMode, table.kind, table.status, table.createdAt.desc(), table.id.desc(), table.amount),
    index('transactions_amount_idx').on(table.accountId, table.liveMode, table.kind, table.amount, table.id, table.status, table.createdAt),
    // text_pattern_ops: equality and prefix searches both use these, whatever the database's collation.
    index('transactions_external_tx_idx').on(table.accountId, table.liveMode, table.externalTransactionId.op('text_pattern_ops')),
    index('transactions_external_customer_idx').on(table.accountId, table.liveMode, table.externalCustomerId.op('text_pattern_ops')),
    index('transactions_wallet_idx').on(table.accountId, table.liveMode, table.walletAddress.op('text_pattern_ops')),
    // Also INCLUDE (account_id, live_mode, kind): migration 0013 (Drizzle cannot declare INCLUDE).
    index('transactions_customer_idx').on(table.customerId, table.createdAt.desc(), table.id.desc()),
    // Same shape as the list index, so NFT pages and counts are index-only scans too.
    index('transactions_nft_idx')
      .on(table.accountId, table.liveMode, table.kind, table.createdAt.desc(), table.id.desc(), table.status, table.amount)
      .where(sql`${table.isNft}`),
  ],
);

/** A breakdown row per dimension value: all transactions and the completed volume. */
const dimensionCounts = () => ({
  dimension: text('dimension').notNull(),
  value: text('value').notNull(),
  txCount: integer('tx_count').notNull().default(0),
  completedCount: integer('completed_count').notNull().default(0),
  ...volumeTotals(),
});

/** Daily totals per account, mode, dashboard kind and status: counts, volume and fees in usd, eur and gbp. */
export const transactionRollups = pgTable(
  'transaction_rollups',
  {
    ...rollupKey(),
    day: date('day').notNull(),
    status: text('status').notNull(),
    txCount: integer('tx_count').notNull().default(0),
    ...volumeTotals(),
    feeUsd: numeric('fee_usd').notNull().default('0'),
    feeEur: numeric('fee_eur').notNull().default('0'),
    feeGbp: numeric('fee_gbp').notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.day, table.status] })],
);

/** Daily breakdowns per dimension (currency, paymentMethod, country): all transactions and the completed volume. */
export const transactionDimensionRollups = pgTable(
  'transaction_dimension_rollups',
  { ...rollupKey(), day: date('day').notNull(), ...dimensionCounts() },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.day, table.dimension, table.value] })],
);

/**
 * Distinct customers per day as a K-minimum-values sketch: the smallest customer-id hashes seen that day.
 * Sketches of any range merge into an estimate of unique customers (exact while fewer than K).
 */
export const transactionCustomerSketches = pgTable(
  'transaction_customer_sketches',
  { ...rollupKey(), day: date('day').notNull(), hashes: integer('hashes').array().notNull() },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.day] })],
);

/**
 * The dimension breakdowns per calendar month (`month` = its first day), kept beside the daily ones so a long range
 * reads a dozen month rows plus its partial months' days instead of every day (decision 0005).
 */
export const transactionDimensionMonthlyRollups = pgTable(
  'transaction_dimension_monthly_rollups',
  { ...rollupKey(), month: date('month').notNull(), ...dimensionCounts() },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.month, table.dimension, table.value] })],
);

/** Customer sketches per calendar month, for the same reason. */
export const transactionCustomerMonthlySketches = pgTable(
  'transaction_customer_monthly_sketches',
  { ...rollupKey(), month: date('month').notNull(), hashes: integer('hashes').array().notNull() },
  (table) => [primaryKey({ columns: [table.accountId, table.liveMode, table.kind, table.month] })],
);
