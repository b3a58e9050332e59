import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookEventType } from '@rampart/shared/enums';
import { isDecimalString } from '@rampart/shared/money';
import {
  FAILURE_REASONS,
  FAILED_STATUS,
  INITIAL_STATUS,
  STATUSES_OF,
  canTransition,
  isTerminal,
  networkOf,
  type TransactionKind,
} from '@rampart/shared/transactions';
import type { Database } from '../../db/client.ts';
import type { transactions } from '../../db/schema/transactions.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { emitWebhookEvent, identityCheckUpdatedEvent } from '../webhooks/outbox.ts';
import { recordBatch, recordCreated, recordStatusChange } from './rollups.ts';
import { searchTermOf } from './search.ts';
import type { PageRow, TransactionFilter, TransactionRow, TransactionsRepository } from './transactions.repository.ts';

/** Totals are exact up to this many rows; beyond it the list says "10,000+". */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * A search by the start of a value is counted up to this many ("1,000+"): a short prefix can match a large share of
 * the rows (every Bitcoin address starts with "bc1"), and past the first page such a count only tells the search is broad.
 */
export const SEARCH_COUNT_LIMIT = 1_000;

/** The count limit of a list filtered by this search. */
function countLimitOf(searchString: string | null | undefined): number {
  return searchTermOf(searchString)?.kind === 'prefix' ? SEARCH_COUNT_LIMIT : EXACT_COUNT_LIMIT;
}
export const MAX_TAKE = 100;

const SORTS = ['createdAt_DESC', 'createdAt_ASC', 'amount_DESC', 'amount_ASC'] as const;
const TRANSACTION_TYPES: Record<TransactionKind, readonly string[]> = {
  buy: ['buy', 'nft'],
  sell: ['sell'],
  swap: ['swap'],
  balance: ['Deposit', 'Withdrawal', 'Reward'],
};

const decimal = z.string().refine(isDecimalString, 'Enter an amount such as 12.50.');
const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Enter a date and time.');

const listArgsSchemas = new Map<TransactionKind, ReturnType<typeof buildListArgsSchema>>();
/** The list arguments' schema of a kind; built once (zod compiles a schema on first use, which costs per request otherwise). */
export const listArgsSchema = (kind: TransactionKind) => {
  let schema = listArgsSchemas.get(kind);
  if (!schema) listArgsSchemas.set(kind, (schema = buildListArgsSchema(kind)));
  return schema;
};

const buildListArgsSchema = (kind: TransactionKind) =>
  z
    .object({
      liveMode: z.boolean(),
      searchString: z.string().max(200, 'Search for at most 200 characters.').nullish(),
      skip: z.number().int().min(0, 'Skip cannot be negative.').max(1_000_000, 'Use filters to narrow a view deeper than 1,000,000 rows.').nullish(),
      take: z.number().int().min(1, 'Take at least one row.').max(MAX_TAKE, `Take at most ${MAX_TAKE} rows.`).nullish(),
      status: z
        .array(z.enum(STATUSES_OF[kind] as [string, ...string[]], { message: `Unknown status for this transaction type.` }))
        .max(20)
        .nullish(),
      minAmount: decimal.nullish(),
      maxAmount: decimal.nullish(),
      minCreatedAt: isoDate.nullish(),
      maxCreatedAt: isoDate.nullish(),
      transactionType: z.enum(TRANSACTION_TYPES[kind] as [string, ...string[]], { message: 'Unknown transaction type.' }).nullish(),
      sort: z.enum(SORTS).nullish(),
    })
    .refine((args) => !args.minAmount || !args.maxAmount || Number(args.minAmount) <= Number(args.maxAmount), {
      message: 'The minimum is above the maximum.',
      path: ['minAmount'],
    })
    .refine((args) => !args.minCreatedAt || !args.maxCreatedAt || Date.parse(args.minCreatedAt) <= Date.parse(args.maxCreatedAt), {
      message: 'The start is after the end.',
      path: ['minCreatedAt'],
    });

export type ListArgs = z.input<ReturnType<typeof listArgsSchema>>;

const customerListArgs = z.object({
  skip: z.number().int().min(0).max(1_000_000).nullish(),
  take: z.number().int().min(1).max(MAX_TAKE).nullish(),
  searchString: z.string().max(200).nullish(),
});

export interface Page<T> {
  items: T[];
  totalCount: number;
  isTotalExact: boolean;
  skip: number;
  take: number;
}

/**
 * A list page whose total arrives on its own: the page's rows (and what their fields load, such as customers) do not
 * wait for the count, which runs beside them. `total` never rejects unobserved: its failure reaches the request
 * through the totalCount field, or is dropped when the request did not ask for it.
 */
export interface TransactionPage {
  items: PageRow[];
  total: Promise<{ n: number; exact: boolean }>;
  skip: number;
  take: number;
}

/** The filter of a list call, validated; also used by the CSV export. */
export function filterOf(kind: TransactionKind, accountId: string, input: ListArgs) {
  const args = parseInput(listArgsSchema(kind), input);
  const filter: TransactionFilter = {
    accountId,
    liveMode: args.liveMode,
    kind,
    nftOnly: kind === 'buy' && args.transactionType === 'nft',
    balanceType: kind === 'balance' ? (args.transactionType ?? null) : null,
    statuses: args.status ?? null,
    minAmount: args.minAmount ?? null,
    maxAmount: args.maxAmount ?? null,
    minCreatedAt: args.minCreatedAt ?? null,
    maxCreatedAt: args.maxCreatedAt ?? null,
    searchString: args.searchString?.trim() || null,
  };
  return { filter, sort: args.sort ?? 'createdAt_DESC', skip: args.skip ?? 0, take: args.take ?? 20 };
}

/** The event a status change of a kind emits, if any. */
function eventFor(kind: TransactionKind, from: string | null, to: string): WebhookEventType | null {
  const created = from === null;
  switch (kind) {
    case 'buy':
      return created ? 'transaction_created' : to === 'failed' ? 'transaction_failed' : 'transaction_updated';
    case 'sell':
      return created ? 'sell_transaction_created' : to === 'failed' ? 'sell_transaction_failed' : 'sell_transaction_updated';
    case 'balance':
      return created ? 'balance_transaction_created' : to === 'Failed' ? 'balance_transaction_failed' : 'balance_transaction_updated';
    case 'swap':
      if (created) return 'swap_transaction_created';
      if (to === 'completed') return 'swap_transaction_completed';
      if (to === 'failed') return 'swap_transaction_failed';
      if (to === 'waitingForDeposit') return 'swap_deposit_wallet_created';
      if (to === 'executingSwap') return from === 'waitingForDeposit' ? 'swap_deposit_received' : 'swap_asset_delivery_initiated';
      if (to === 'reQuoteRequired') return 'swap_quote_expired';
      return null;
  }
}

/** What webhook consumers receive about a transaction. */
export function eventData(row: TransactionRow, previousStatus: string | null) {
  return {
    id: row.id,
    kind: row.kind,
    type: row.balanceType,
    status: row.status,
    previousStatus,
    failureReason: row.failureReason,
    baseCurrencyCode: row.baseCurrencyCode,
    baseCurrencyAmount: row.baseCurrencyAmount,
    quoteCurrencyCode: row.quoteCurrencyCode,
    quoteCurrencyAmount: row.quoteCurrencyAmount,
    feeAmount: row.feeAmount,
    extraFeeAmount: row.extraFeeAmount,
    networkFeeAmount: row.networkFeeAmount,
    walletAddress: row.walletAddress,
    externalTransactionId: row.externalTransactionId,
    externalCustomerId: row.externalCustomerId,
    refundApprovalStatus: row.refundApprovalStatus,
    refundHash: row.refundHash ?? row.refundTransactionHash,
    liveMode: row.liveMode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // An NFT purchase names its token (collection, contract, token id once delivered).
    ...(row.isNft ? { nftTransaction: row.nftTransaction } : {}),
  };
}

export type NewTransaction = Omit<
  typeof transactions.$inferInsert,
  'id' | 'status' | 'statusHistory' | 'createdAt' | 'updatedAt' | 'usdRate' | 'eurRate' | 'gbpRate'
> & {
  usdRate?: string;
  eurRate?: string;
  gbpRate?: string;
  createdAt?: Date;
};

export type StaffAction = 'approve' | 'cancel' | 'freeze' | 'refund';

export function createTransactionsService(deps: { repository: TransactionsRepository; db: Database }) {
  const { repository, db } = deps;

  async function list(kind: TransactionKind, accountId: string, input: ListArgs): Promise<TransactionPage> {
    const { filter, sort, skip, take } = filterOf(kind, accountId, input);
    // Kind, statuses and a created range are counted exactly from the daily rollups; other filters up to the limit.
    const byDays =
      !filter.nftOnly &&
      !filter.minAmount &&
      !filter.maxAmount &&
      !filter.searchString &&
      !filter.customerId &&
      !filter.externalTransactionId &&
      !filter.externalCustomerId;
    const rollupKinds = kind === 'balance' ? (filter.balanceType ? [filter.balanceType.toLowerCase()] : ['deposit', 'withdrawal', 'reward']) : [kind];
    const total = byDays
      ? repository
          .countByDays(filter, rollupKinds, EXACT_COUNT_LIMIT + 1)
          .then(({ days, edges }) => (edges > EXACT_COUNT_LIMIT ? { n: EXACT_COUNT_LIMIT, exact: false } : { n: days + edges, exact: true }))
      : repository
          .countUpTo(filter, countLimitOf(filter.searchString) + 1)
          .then((n) => ({ n: Math.min(n, countLimitOf(filter.searchString)), exact: n <= countLimitOf(filter.searchString) }));
    total.catch(() => {});
    const items = await repository.page(filter, sort, skip, take);
    return { items, total, skip, take };
  }

  async function detail(kind: TransactionKind, id: string): Promise<TransactionRow> {
    const row = await repository.find(id);
    if (!row || row.kind !== kind) throw notFound('The transaction');
    return row;
  }

  /** Moves a transaction to a new status in one database transaction: row, history, rollups and webhook event. */
  async function changeStatus(
    id: string,
    to: string,
    options: {
      by?: string | null;
      reason?: string | null;
      failureReason?: string | null;
      extra?: Partial<typeof transactions.$inferInsert>;
      event?: WebhookEventType | null;
    } = {},
  ): Promise<TransactionRow> {
    return db.transaction(async (tx) => {
      const current = await repository.lock(tx, id);
      if (!current) throw notFound('The transaction');
      const kind = current.kind;
      if (to !== current.status && !canTransition(kind, current.status, to)) {
        throw new AppError('CONFLICT', `A ${kind} transaction cannot move from ${current.status} to ${to}.`);
      }
      if (options.failureReason && !FAILURE_REASONS[options.failureReason]) throw badInput({ failureReason: 'Unknown failure reason.' });
      const changed = to !== current.status;
      const row = await repository.update(
        tx,
        id,
        {
          status: to,
          ...(to === FAILED_STATUS[kind] ? { failureReason: options.failureReason ?? current.failureReason ?? 'riskDeclined' } : {}),
          ...options.extra,
        },
        changed ? { status: to, at: new Date().toISOString(), by: options.by ?? null, reason: options.reason ?? null } : undefined,
      );
      if (changed || row.failureReason !== current.failureReason)
        await recordStatusChange(tx, id, { status: current.status, failureReason: current.failureReason });
      const type = options.event === undefined ? (changed ? eventFor(kind, current.status, to) : null) : options.event;
      if (type)
        await emitWebhookEvent(tx, {
          accountId: row.accountId,
          liveMode: row.liveMode,
          type,
          data: eventData(row, current.status),
          externalCustomerId: row.externalCustomerId,
        });
      return row;
    });
  }

  /** Records a new transaction in its initial status (the provider's processing calls this), with rollups and event. */
  async function createTransaction(input: NewTransaction & { kind: TransactionKind }): Promise<TransactionRow> {
    const kind = input.kind;
    const status = INITIAL_STATUS[kind];
    const createdAt = input.createdAt ?? new Date();
    return db.transaction(async (tx) => {
      const row = await repository.insert(tx, {
        usdRate: '1',
        eurRate: '1',
        gbpRate: '1',
        ...input,
        networkCode: input.networkCode ?? networkOf(kind === 'buy' ? input.quoteCurrencyCode : input.baseCurrencyCode),
        status,
        createdAt,
        updatedAt: createdAt,
        statusHistory: [{ status, at: createdAt.toISOString() }],
      });
      await recordCreated(tx, row.id);
      await emitWebhookEvent(tx, {
        accountId: row.accountId,
        liveMode: row.liveMode,
        type: eventFor(kind, null, status)!,
        data: eventData(row, null),
        externalCustomerId: row.externalCustomerId,
      });
      return row;
    });
  }

  /** Staff actions on sell and swap transactions. */
  async function staffAction(
    kind: 'sell' | 'swap',
    action: StaffAction,
    id: string,
    staffUserId: string,
    input: { reason?: string | null; refundWalletAddress?: string | null } = {},
  ) {
    const current = await repository.findPrimary(id);
    if (!current || current.kind !== kind) throw notFound('The transaction');
    const reason = input.reason?.trim().slice(0, 500) || null;
    const thaw = kind === 'sell' ? 'pending' : 'executingSwap';
    const conflict = (message: string) => new AppError('CONFLICT', message);
    switch (action) {
      case 'freeze':
        if (!canTransition(kind, current.status, 'frozen')) throw conflict(`Only transactions in progress can be frozen; this one is ${current.status}.`);
        return changeStatus(id, 'frozen', { by: staffUserId, reason: reason ?? 'Frozen by staff' });
      case 'approve':
        if (current.status !== 'frozen') throw conflict(`Only frozen transactions can be approved; this one is ${current.status}.`);
        return changeStatus(id, thaw, { by: staffUserId, reason: reason ?? 'Approved by staff' });
      case 'cancel':
        if (isTerminal(kind, current.status)) throw conflict(`This transaction is already ${current.status}.`);
        return changeStatus(id, 'failed', {
          by: staffUserId,
          reason: reason ?? 'Cancelled by staff',
          failureReason: 'cancelledByStaff',
          extra: { cancelledAt: new Date(), cancelledBy: staffUserId },
        });
      case 'refund': {
        if (current.status === 'completed') throw conflict('A completed transaction cannot be refunded here.');
        if (current.refundApprovalStatus === 'Approved') throw conflict('This transaction has already been refunded.');
        if (current.status !== 'failed' && current.status !== 'frozen') throw conflict('Cancel or freeze the transaction before refunding it.');
        const refundWalletAddress = input.refundWalletAddress?.trim() || current.refundWalletAddress || current.walletAddress;
        if (!refundWalletAddress) throw badInput({ refundWalletAddress: 'Enter the wallet address to refund to.' });
        const hash = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`;
        const now = new Date();
        const extra = {
          refundApprovalStatus: 'Approved',
          refundApprovedAt: now,
          refundApprovedBy: staffUserId,
          refundWalletAddress,
          ...(kind === 'sell' ? { refundHash: hash } : { refundTransactionHash: hash }),
          ...(current.status === 'frozen' ? { cancelledAt: now, cancelledBy: staffUserId } : {}),
        };
        return changeStatus(id, 'failed', {
          by: staffUserId,
          reason: reason ?? 'Refunded by staff',
          failureReason: current.failureReason ?? 'cancelledByStaff',
          extra,
          event: kind === 'sell' ? 'sell_transaction_updated' : 'swap_refund_asset_delivery_initiated',
        });
      }
    }
  }

  return {
    /** Its reads as rows, for the REST API under /v1 (public-api), which answers them in its own shape. */
    repository,
    list,
    detail,
    changeStatus,
    createTransaction,
    staffAction,
    /**
     * For rows another module writes in its own database transaction (ingestion): the rollups of new and moved
     * transactions, set-based (rollups.ts), and the webhook event and payload a change of status sets off.
     */
    recordBatch,
    webhookEventFor: eventFor,
    webhookEventData: eventData,
    accountOf: (id: string, kind: TransactionKind | null) => repository.accountOf(id, kind),

    /** Any kind, for `transaction(id)` callers that land on a detail page from a customer's mixed list. */
    async find(id: string) {
      const row = await repository.find(id);
      if (!row) throw notFound('The transaction');
      return row;
    },

    async failureReasons(id: string) {
      const row = await repository.find(id);
      if (!row) throw notFound('The transaction');
      if (!row.failureReason) return [];
      return [{ code: row.failureReason, message: FAILURE_REASONS[row.failureReason] ?? row.failureReason }];
    },

    async customer(accountId: string, input: { id?: string | null; externalCustomerId?: string | null; isLive: boolean }) {
      if (!input.id && !input.externalCustomerId) throw badInput({ id: 'Give a customer id or an external customer id.' });
      const row = await repository.customer(accountId, input.isLive, input);
      if (!row) throw notFound('The customer');
      return row;
    },

    async customers(accountId: string, input: { liveMode: boolean; searchString?: string | null; skip?: number | null; take?: number | null }) {
      const args = parseInput(customerListArgs, input);
      const skip = args.skip ?? 0;
      const take = args.take ?? 20;
      const limit = countLimitOf(args.searchString);
      const { rows, count } = await repository.customerPage(accountId, input.liveMode, args.searchString ?? null, skip, take, limit + 1);
      return { items: rows, totalCount: Math.min(count, limit), isTotalExact: count <= limit, skip, take };
    },

    async customerTransactions(customer: { id: string; accountId: string; liveMode: boolean }, input: { skip?: number | null; take?: number | null }) {
      const skip = Math.max(0, input.skip ?? 0);
      const take = Math.min(MAX_TAKE, Math.max(1, input.take ?? 20));
      // One customer's rows are few; read them through the customer index across kinds.
      const result = await repository.exec(db, customerTransactionsQuery(customer, skip, take));
      const ids = (result.rows as Array<{ id: string; total: number }>).map((r) => r.id);
      const total = (result.rows[0] as { total?: number } | undefined)?.total ?? (skip ? await countCustomer(customer) : 0);
      return { items: await repository.byIds(ids), totalCount: total, isTotalExact: true, skip, take };
    },

    async customerCards(customerId: string, input: { skip?: number | null; take?: number | null }) {
      const skip = Math.max(0, input.skip ?? 0);
      const take = Math.min(MAX_TAKE, Math.max(1, input.take ?? 20));
      const { rows, count } = await repository.cardsOf(customerId, skip, take);
      return { items: rows, totalCount: count, isTotalExact: true, skip, take };
    },

    customerFiles: (customerId: string) => repository.filesOf(customerId),
    customerById: (id: string) => repository.customerById(id),
    customersByIds: (ids: string[]) => repository.customersByIds(ids),

    async customerAllBalances(accountId: string, input: { customerId: string; liveMode: boolean }) {
      const customer = await repository.customerById(input.customerId);
      if (!customer || customer.accountId !== accountId || customer.liveMode !== input.liveMode) throw notFound('The customer');
      return repository.customerBalances(accountId, input.liveMode, customer.id);
    },

    async setCustomerBlocked(id: string, blocked: boolean, staffUserId: string) {
      return db.transaction(async (tx) => {
        const customer = await repository.customerById(id, tx);
        if (!customer) throw notFound('The customer');
        if (customer.isBlocked === blocked) throw new AppError('CONFLICT', blocked ? 'This customer is already blocked.' : 'This customer is not blocked.');
        const row = await repository.setCustomerBlocked(tx, id, blocked, staffUserId);
        await emitWebhookEvent(tx, identityCheckUpdatedEvent(row));
        return row;
      });
    },
  };

  async function countCustomer(customer: { id: string; accountId: string; liveMode: boolean }) {
    const result = await repository.exec(db, countCustomerQuery(customer));
    return (result.rows[0] as { n: number }).n;
  }
}

function customerTransactionsQuery(customer: { id: string; accountId: string; liveMode: boolean }, skip: number, take: number) {
  return sql`select id, count(*) over ()::int as total from transactions
    where customer_id = ${customer.id} and account_id = ${customer.accountId} and live_mode = ${customer.liveMode}
    order by created_at desc nulls last, id desc nulls last offset ${skip} limit ${take}`;
}

function countCustomerQuery(customer: { id: string; accountId: string; liveMode: boolean }) {
  return sql`select count(*)::int as n from transactions where customer_id = ${customer.id} and account_id = ${customer.accountId} and live_mode = ${customer.liveMode}`;
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;
