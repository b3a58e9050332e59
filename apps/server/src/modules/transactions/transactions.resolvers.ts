import { CRYPTO_CURRENCIES, FAILURE_REASONS, explorerLinks } from '@rampart/shared/transactions';
import type { Resolvers } from '../../generated/graphql.ts';
import { requireGrant, requireSession, type GraphQLContext } from '../../graphql/context.ts';
import { requestLoader } from '../../graphql/request-loader.ts';
import { PAGE_CUSTOMER, type CustomerRow, type PageRow, type TransactionRow } from './transactions.repository.ts';
import type { TransactionPage } from './transactions.service.ts';
import { activeAdminRole } from '../../lib/staff-two-factor.ts';

const FIAT_NAMES: Record<string, string> = {
  usd: 'US Dollar',
  eur: 'Euro',
  gbp: 'British Pound',
  cad: 'Canadian Dollar',
  aud: 'Australian Dollar',
  brl: 'Brazilian Real',
  ngn: 'Nigerian Naira',
  jpy: 'Japanese Yen',
};

function currency(code: string | null) {
  if (!code) return null;
  const crypto = CRYPTO_CURRENCIES.find((c) => c.code === code);
  return { code, name: crypto?.name ?? FIAT_NAMES[code] ?? code.toUpperCase(), networkCode: crypto?.networkCode ?? null };
}

/** Customers of the transactions of one request, loaded in one query per tick. */
const loadCustomer = requestLoader<CustomerRow>(async (context, ids) => {
  const rows = await context.services.transactions.customersByIds(ids);
  return new Map(rows.map((row) => [row.id, row]));
});

const loadUserName = requestLoader<string>((context, ids) => context.services.identity.userNamesByIds(ids));

/**
 * Who made a change, in words. Provider staff see their colleague's name; a partner sees that the provider's staff
 * did it (staff names are not shared with partners).
 */
async function staffMemberName(context: GraphQLContext, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  if (!context.session || !activeAdminRole(context.session.user)) return 'Rampart staff';
  return (await loadUserName(context, userId)) ?? 'a former staff member';
}

/** Who cancelled and who approved the refund of a sell or swap transaction, in words. */
const refundActors = {
  cancelledByName: (row: TransactionRow, _args: unknown, context: GraphQLContext) => staffMemberName(context, row.cancelledBy),
  refundApprovedByName: (row: TransactionRow, _args: unknown, context: GraphQLContext) => staffMemberName(context, row.refundApprovedBy),
};

/** Fields every kind shares. */
const common = {
  failureReasonMessage: (row: TransactionRow) => (row.failureReason ? (FAILURE_REASONS[row.failureReason] ?? row.failureReason) : null),
  customer: (row: PageRow, _args: unknown, context: GraphQLContext) => {
    const read = row[PAGE_CUSTOMER];
    if (read !== undefined) return read;
    return row.customerId ? loadCustomer(context, row.customerId).then((c) => c ?? null) : null;
  },
  statusHistory: (row: TransactionRow) => row.statusHistory.map((entry) => ({ ...entry, by: entry.by ?? null, reason: entry.reason ?? null })),
  baseCurrency: (row: TransactionRow) => currency(row.baseCurrencyCode)!,
  quoteCurrency: (row: TransactionRow) => currency(row.quoteCurrencyCode),
  explorerLinks: (row: TransactionRow) => explorerLinks(row.networkCode, { hash: row.cryptoTransactionId, address: row.walletAddress, liveMode: row.liveMode }),
};

/** The total of a list page, awaited only by requests that ask for it. */
const lazyTotal = {
  totalCount: (page: TransactionPage) => page.total.then((total) => total.n),
  isTotalExact: (page: TransactionPage) => page.total.then((total) => total.exact),
};

const kindOf: Record<string, string> = { buy: 'BuyTransaction', sell: 'SellTransaction', swap: 'SwapTransaction', balance: 'BalanceTransaction' };

export const transactionsResolvers: Resolvers = {
  Query: {
    transactions: (_p, args, context) => context.services.transactions.list('buy', requireGrant(context).accountId, args),
    sellTransactions: (_p, args, context) => context.services.transactions.list('sell', requireGrant(context).accountId, args),
    swapTransactions: (_p, args, context) => context.services.transactions.list('swap', requireGrant(context).accountId, args),
    balanceTransactions: (_p, args, context) => context.services.transactions.list('balance', requireGrant(context).accountId, args),
    transaction: (_p, args, context) => context.services.transactions.detail('buy', args.id),
    sellTransaction: (_p, args, context) => context.services.transactions.detail('sell', args.id),
    swapTransaction: (_p, args, context) => context.services.transactions.detail('swap', args.id),
    balanceTransaction: (_p, args, context) => context.services.transactions.detail('balance', args.id),
    anyTransaction: (_p, args, context) => context.services.transactions.find(args.id),
    transactionFailureReasons: (_p, args, context) => context.services.transactions.failureReasons(args.id),
    customer: (_p, args, context) => context.services.transactions.customer(requireGrant(context).accountId, args),
    customers: (_p, args, context) => context.services.transactions.customers(requireGrant(context).accountId, args),
    customerAllBalances: async (_p, args, context) =>
      (await context.services.transactions.customerAllBalances(requireGrant(context).accountId, args)).map((row) => ({
        ...row,
        currency: currency(row.currency)!,
      })),
  },
  Mutation: {
    approveSellTransaction: (_p, args, context) => context.services.transactions.staffAction('sell', 'approve', args.id, requireSession(context).user.id, args),
    cancelSellTransaction: (_p, args, context) => context.services.transactions.staffAction('sell', 'cancel', args.id, requireSession(context).user.id, args),
    freezeSellTransaction: (_p, args, context) => context.services.transactions.staffAction('sell', 'freeze', args.id, requireSession(context).user.id, args),
    refundSellTransaction: (_p, args, context) => context.services.transactions.staffAction('sell', 'refund', args.id, requireSession(context).user.id, args),
    approveSwapTransaction: (_p, args, context) => context.services.transactions.staffAction('swap', 'approve', args.id, requireSession(context).user.id, args),
    cancelSwapTransaction: (_p, args, context) => context.services.transactions.staffAction('swap', 'cancel', args.id, requireSession(context).user.id, args),
    freezeSwapTransaction: (_p, args, context) => context.services.transactions.staffAction('swap', 'freeze', args.id, requireSession(context).user.id, args),
    refundSwapTransaction: (_p, args, context) => context.services.transactions.staffAction('swap', 'refund', args.id, requireSession(context).user.id, args),
    blockCustomer: (_p, args, context) => context.services.transactions.setCustomerBlocked(args.id, true, requireSession(context).user.id),
    unblockCustomer: (_p, args, context) => context.services.transactions.setCustomerBlocked(args.id, false, requireSession(context).user.id),
  },
  BuyTransactionPage: lazyTotal,
  SellTransactionPage: lazyTotal,
  SwapTransactionPage: lazyTotal,
  BalanceTransactionPage: lazyTotal,
  AnyTransaction: {
    __resolveType: (row) => kindOf[row.kind] as 'BuyTransaction',
    // Mercurius reads `resolveType` on unions.
    ...({ resolveType: (row: TransactionRow) => kindOf[row.kind] } as object),
  },
  BuyTransaction: {
    ...common,
    status: (row) => row.status as never, // the column holds a buy status; the SDL's enum is per kind
    nftTransaction: (row) => row.nftTransaction ?? null,
    defiBuyTransaction: (row) => row.defiBuyTransaction ?? null,
  },
  StatusChange: {
    byName: (entry, _args, context) => staffMemberName(context, entry.by),
  },
  SellTransaction: {
    ...common,
    ...refundActors,
    status: (row) => row.status as never, // the column holds a sell status; the SDL's enum is per kind
    depositExplorerUrl: (row) => explorerLinks(row.networkCode, { hash: row.depositHash, liveMode: row.liveMode }).transactionUrl,
  },
  SwapTransaction: {
    ...common,
    ...refundActors,
    status: (row) => row.status as never, // the column holds a swap status; the SDL's enum is per kind
    quotes: (row) => (row.quote ? [row.quote as never] : []), // the quote jsonb is written by the swap flow in the SDL's SwapQuote shape
    destinationWalletAddress: (row) => row.walletAddress,
  },
  BalanceTransaction: {
    failureReasonMessage: common.failureReasonMessage,
    customer: common.customer,
    statusHistory: common.statusHistory,
    type: (row) => (row.balanceType ?? 'Deposit') as never, // the column holds a balance type; the SDL's enum names the same values
    status: (row) => row.status as never, // the column holds a balance status; the SDL's enum is per kind
    currency: (row) => currency(row.fiatCurrencyCode)!,
  },
  Customer: {
    address: (row) => ({ country: row.country }),
    identityCheck: (row) => ({ level: row.isBlocked ? 'Blocked' : row.kycLevel, result: row.identityCheckResult, status: row.identityCheckStatus }),
    files: (row, _args, context) => context.services.transactions.customerFiles(row.id),
    transactions: (row, args, context) => context.services.transactions.customerTransactions(row, args),
    cards: (row, args, context) => context.services.transactions.customerCards(row.id, args),
  },
};
