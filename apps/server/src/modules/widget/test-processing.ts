import crypto from 'node:crypto';
import Decimal from 'decimal.js';
import { FIAT_DECIMALS, TEST_MODE_FIAT_PER_USD, TEST_MODE_USD_PRICES, assetDecimals } from '@rampart/shared/pricing';
import { amountProblem } from '@rampart/shared/amounts';
import { FAILED_STATUS, FAILURE_REASONS, STATUSES_OF, TRANSITIONS, isTerminal, type TransactionKind } from '@rampart/shared/transactions';
import { walletAddressProblem } from '@rampart/shared/developer-settings';
import type { WidgetCurrency } from '@rampart/shared/widget';
import type { Env } from '../../config/env.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { AppError, badInput, forbidden, notFound } from '../../graphql/errors.ts';
import type { transactions as transactionsTable } from '../../db/schema/transactions.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import type { WalletsService } from '../wallets/wallets.service.ts';
import type { TransactionRow } from '../transactions/transactions.repository.ts';
import type { NftCheckout, NftPurchase } from './nft-checkout.ts';
import type { RampPort } from './ramp-port.ts';
import type { WidgetRepository, WidgetFlow } from './widget.repository.ts';

export type TestKind = 'buy' | 'sell' | 'swap';

export const LIVE_REFUSED_MESSAGE = 'Live payments are not available in this deployment: test transactions exist only in test mode.';

/** What a test transaction is made from: the widget's checkout or the test helpers' input. */
export interface TestTransactionInput {
  kind: TestKind;
  cryptoCurrencyCode: string;
  quoteCryptoCurrencyCode?: string | null;
  fiatCurrencyCode?: string | null;
  amount?: string | null;
  paymentMethod?: string | null;
  country?: string | null;
  email?: string | null;
  externalCustomerId?: string | null;
  externalTransactionId?: string | null;
  walletAddress?: string | null;
  walletAddressTag?: string | null;
  refundWalletAddress?: string | null;
  userAgent?: string | null;
}

/** The statuses after `from` on a shortest allowed path to `to` (breadth-first over the state machine); null when unreachable. */
export function shortestPath(kind: TransactionKind, from: string, to: string): string[] | null {
  if (from === to) return [];
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const status = queue.shift()!;
    for (const next of TRANSITIONS[kind][status] ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, status);
      if (next === to) {
        const path = [to];
        for (let at = status; at !== from; at = previous.get(at)!) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return null;
}

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (length: number) => Array.from(crypto.randomBytes(length), (byte) => BASE58[byte % 58]).join('');

/** A plausible test-network address for a network (used when the test helpers get none, and for deposit addresses). */
export function testAddress(networkCode: string): string {
  if (networkCode === 'bitcoin') return `bc1q${Array.from(crypto.randomBytes(38), (b) => 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'[b % 32]).join('')}`;
  if (networkCode === 'solana') return base58(44);
  if (networkCode === 'ripple') return `r${base58(33)}`;
  return `0x${hex(20)}`;
}

/** Fiat per unit → the value of one unit of `code` in usd, eur and gbp (test-mode reference rates). */
function ratesOf(code: string, ticker: string | null): { usdRate: string; eurRate: string; gbpRate: string } {
  const usdPerUnit = ticker ? new Decimal(TEST_MODE_USD_PRICES[ticker] ?? '1') : new Decimal(1).dividedBy(TEST_MODE_FIAT_PER_USD[code] ?? '1');
  const per = (fiat: string) =>
    usdPerUnit
      .times(TEST_MODE_FIAT_PER_USD[fiat]!)
      .toDecimalPlaces(ticker ? 2 : 6)
      .toFixed();
  return { usdRate: per('usd'), eurRate: per('eur'), gbpRate: per('gbp') };
}

const DEFAULT_AMOUNT: Record<TestKind, (ticker: string) => string> = {
  buy: () => '100',
  // About 100 usd of the asset sent.
  sell: (ticker) =>
    new Decimal(100)
      .dividedBy(TEST_MODE_USD_PRICES[ticker] ?? '1')
      .toDecimalPlaces(assetDecimals(ticker), Decimal.ROUND_UP)
      .toFixed(),
  swap: (ticker) =>
    new Decimal(100)
      .dividedBy(TEST_MODE_USD_PRICES[ticker] ?? '1')
      .toDecimalPlaces(assetDecimals(ticker), Decimal.ROUND_UP)
      .toFixed(),
};

export function createTestProcessing(deps: {
  transactions: TransactionsService;
  jobs: JobQueue;
  repository: WidgetRepository;
  ramp: () => RampPort;
  wallets: Pick<WalletsService, 'checkTransactionAddresses'>;
  nft: Pick<NftCheckout, 'deliver'>;
  config: Env;
}) {
  const { transactions, jobs, repository, config } = deps;

  async function offered(accountId: string, flow: TestKind, code: string, field: string): Promise<WidgetCurrency> {
    const currency = (await deps.ramp().offeredCurrencies(accountId, flow)).find((c) => c.code === code);
    if (!currency)
      throw badInput({
        [field]: `${code.toUpperCase()} is not offered for ${flow === 'buy' ? 'buying' : flow === 'sell' ? 'selling' : 'swaps'} by this account.`,
      });
    return currency;
  }

  function checkAddress(field: string, address: string | null | undefined, currency: WidgetCurrency): string | null {
    if (!address) return null;
    const problem = walletAddressProblem(address, { name: currency.name, addressRegex: currency.addressRegex });
    if (problem) throw badInput({ [field]: problem });
    return address.trim();
  }

  /** Creates a test transaction in its initial status, priced by the account's rules, for a (found or new) test customer. */
  async function create(accountId: string, liveMode: boolean, input: TestTransactionInput, options: { requireWallet?: boolean } = {}): Promise<TransactionRow> {
    if (liveMode) throw forbidden(LIVE_REFUSED_MESSAGE);
    const kind = input.kind;
    const country = (input.country ?? 'US').toUpperCase();
    if (!/^[A-Z]{2}$/.test(country)) throw badInput({ country: 'Enter a two-letter country code such as US.' });
    const base = await offered(accountId, kind, input.cryptoCurrencyCode, 'cryptoCurrencyCode');
    const amount = input.amount ?? DEFAULT_AMOUNT[kind](base.ticker);
    const fiat = (input.fiatCurrencyCode ?? 'usd').toLowerCase();
    // Checked before the customer is written, so a refused amount changes nothing (the quote checks it again).
    const amountIssue =
      kind === 'buy'
        ? amountProblem(amount, FIAT_DECIMALS[fiat] ?? 2, fiat.toUpperCase())
        : amountProblem(amount, assetDecimals(base.ticker), base.code.toUpperCase());
    if (amountIssue) throw badInput({ amount: amountIssue });
    // Addresses staff blocked are refused before anything is written (a sell refunds to walletAddress when no refund address is given).
    const { trustedFields } = await deps.wallets.checkTransactionAddresses({
      walletAddress: input.walletAddress,
      refundWalletAddress: input.refundWalletAddress,
    });
    const customer = await repository.findOrCreateCustomer({
      accountId,
      liveMode,
      email: input.email?.trim() || null,
      externalCustomerId: input.externalCustomerId?.trim() || null,
      country,
    });
    const common = {
      accountId,
      liveMode,
      customerId: customer.id,
      externalCustomerId: customer.externalCustomerId ?? input.externalCustomerId ?? null,
      externalTransactionId: input.externalTransactionId ?? null,
      country,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      flow: 'widget',
    };

    if (kind === 'swap') {
      if (!input.quoteCryptoCurrencyCode) throw badInput({ quoteCryptoCurrencyCode: 'Choose the asset to receive.' });
      if (input.quoteCryptoCurrencyCode === input.cryptoCurrencyCode) throw badInput({ quoteCryptoCurrencyCode: 'Choose an asset other than the one sent.' });
      const target = await offered(accountId, 'swap', input.quoteCryptoCurrencyCode, 'quoteCryptoCurrencyCode');
      const walletAddress = checkAddress('walletAddress', input.walletAddress, target) ?? (options.requireWallet ? null : testAddress(target.networkCode));
      if (!walletAddress) throw badInput({ walletAddress: `Enter the ${target.name} address to receive at.` });
      const refundWalletAddress = checkAddress('refundWalletAddress', input.refundWalletAddress, base);
      const quote = await deps.ramp().quoteSwap(accountId, { country, cryptoCurrencyCode: base.code, quoteCryptoCurrencyCode: target.code, amount });
      const rates = ratesOf(base.code, base.ticker);
      // The row's amounts are in the asset sent (its "fiat" column holds that asset); the quote keeps the usd fees.
      const decimals = assetDecimals(base.ticker);
      const inBase = (usd: string) => new Decimal(usd).dividedBy(rates.usdRate).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();
      const created = await transactions.createTransaction({
        ...common,
        ...rates,
        kind: 'swap',
        baseCurrencyCode: base.code,
        quoteCurrencyCode: target.code,
        fiatCurrencyCode: base.code,
        amount: quote.baseCurrencyAmount,
        baseCurrencyAmount: quote.baseCurrencyAmount,
        quoteCurrencyAmount: quote.quoteCurrencyAmount,
        feeAmount: inBase(quote.feeAmount),
        extraFeeAmount: inBase(quote.extraFeeAmount),
        networkFeeAmount: inBase(quote.networkFeeAmount),
        paymentMethod: 'balance',
        route: quote.route,
        networkCode: base.networkCode,
        walletAddress,
        walletAddressTag: input.walletAddressTag ?? null,
        refundWalletAddress,
        quote: { ...quote, baseCurrencyCode: base.code, quoteCurrencyCode: target.code, expiresAt: new Date(Date.now() + 600_000).toISOString() },
      });
      // Staff vouched for a trusted destination address: its screening is passed at once.
      if (trustedFields.includes('walletAddress'))
        return step(created, 'waitingForDepositAddressGeneration', { reason: 'Test mode: trusted wallet address, screening skipped' });
      return created;
    }

    const paymentMethod = input.paymentMethod ?? (kind === 'buy' ? 'creditCard' : 'sepa');
    const quote = await deps
      .ramp()
      .quote(accountId, { transactionType: kind, country, paymentMethod, fiatCurrencyCode: fiat, cryptoCurrencyCode: base.code, amount });
    const rates = ratesOf(fiat, null);
    // What a buy and a sell both take from the quote as it is.
    const quoted = {
      baseCurrencyAmount: quote.baseCurrencyAmount,
      quoteCurrencyAmount: quote.quoteCurrencyAmount,
      feeAmount: quote.feeAmount,
      extraFeeAmount: quote.extraFeeAmount,
      networkFeeAmount: quote.networkFeeAmount,
      paymentMethod: quote.paymentMethod,
      route: quote.route,
      networkCode: base.networkCode,
    };
    if (kind === 'buy') {
      const walletAddress = checkAddress('walletAddress', input.walletAddress, base) ?? (options.requireWallet ? null : testAddress(base.networkCode));
      if (!walletAddress) throw badInput({ walletAddress: `Enter the ${base.name} address to receive at.` });
      return transactions.createTransaction({
        ...common,
        ...rates,
        kind: 'buy',
        baseCurrencyCode: fiat,
        quoteCurrencyCode: base.code,
        fiatCurrencyCode: fiat,
        amount: quote.baseCurrencyAmount,
        ...quoted,
        walletAddress,
        walletAddressTag: input.walletAddressTag ?? null,
        detailedStatus: 'paymentRequired',
      });
    }
    const refundWalletAddress = checkAddress('refundWalletAddress', input.refundWalletAddress ?? input.walletAddress, base);
    return transactions.createTransaction({
      ...common,
      ...rates,
      kind: 'sell',
      baseCurrencyCode: base.code,
      quoteCurrencyCode: fiat,
      fiatCurrencyCode: fiat,
      // Sell rows are filtered and summed by their fiat value before fees.
      amount: new Decimal(quote.quoteCurrencyAmount).plus(quote.totalFeeAmount).toFixed(),
      ...quoted,
      originalBaseCurrencyAmount: quote.baseCurrencyAmount,
      refundWalletAddress,
      depositWalletAddress: testAddress(base.networkCode),
    });
  }

  /** What a step sets besides the status: hashes and addresses a real processor would learn at that point. */
  function extrasFor(row: TransactionRow, to: string): Partial<typeof transactionsTable.$inferInsert> {
    const network = row.networkCode ?? 'ethereum';
    const extra: Partial<typeof transactionsTable.$inferInsert> = {};
    if (row.kind === 'buy') {
      extra.detailedStatus = to === 'waitingAuthorization' ? 'awaitingCardAuthorization' : null;
      // An NFT's hash is the chain's own (deliverNft); a coin purchase gets a made-up one.
      if (to === 'completed' && !row.cryptoTransactionId && !row.isNft) extra.cryptoTransactionId = `0x${hex(32)}`;
    } else if (row.kind === 'sell') {
      if ((to === 'pending' || to === 'completed') && !row.depositHash) extra.depositHash = `0x${hex(32)}`;
    } else if (row.kind === 'swap') {
      if (to === 'waitingForDeposit' && !row.depositWalletAddress) extra.depositWalletAddress = testAddress(network);
      if (to === 'executingSwap' && !row.depositHash) extra.depositHash = `0x${hex(32)}`;
      if (to === 'completed' && !row.cryptoTransactionId) extra.cryptoTransactionId = `0x${hex(32)}`;
    }
    return extra;
  }

  /**
   * The NFT checkout's completion: the wallet is screened again (staff may have blocked it since), then the token is
   * minted or transferred on the chain; a blocked wallet or a failed delivery ends the purchase failed, nothing sent.
   * A purchase that already has its chain hash is not delivered twice (the job may run again).
   */
  async function deliverNft(row: TransactionRow, reason: string): Promise<TransactionRow> {
    if (row.cryptoTransactionId) return transactions.changeStatus(row.id, 'completed', { reason });
    try {
      await deps.wallets.checkTransactionAddresses({ walletAddress: row.walletAddress });
    } catch {
      return transactions.changeStatus(row.id, 'failed', { reason: `${reason}: the wallet is blocked`, failureReason: 'walletScreeningFailed' });
    }
    let delivered: { transactionHash: string; tokenId: string };
    try {
      delivered = await deps.nft.deliver(row);
    } catch (error) {
      // The chain's own words stay in the status history, for the partner and staff looking into it.
      const cause = error instanceof Error ? error.message.split('\n')[0]!.slice(0, 300) : 'unknown error';
      return transactions.changeStatus(row.id, 'failed', { reason: `${reason}: the delivery failed on the chain (${cause})`, failureReason: 'networkError' });
    }
    const purchase = row.nftTransaction as unknown as NftPurchase;
    return transactions.changeStatus(row.id, 'completed', {
      reason,
      extra: { cryptoTransactionId: delivered.transactionHash, nftTransaction: { ...purchase, tokenId: delivered.tokenId }, detailedStatus: null },
    });
  }

  /** One status change (with its webhook; the status change also records a widget transaction's funnel end). */
  async function step(row: TransactionRow, to: string, options: { failureReason?: string | null; reason?: string } = {}): Promise<TransactionRow> {
    const kind = row.kind as TestKind;
    if (row.isNft && to === 'completed') return deliverNft(row, options.reason ?? 'Test mode');
    const failureReason =
      to === FAILED_STATUS[kind]
        ? (options.failureReason ?? (kind === 'buy' ? 'cardDeclined' : kind === 'sell' ? 'depositNotReceived' : 'depositNotReceived'))
        : null;
    return transactions.changeStatus(row.id, to, { reason: options.reason ?? 'Test mode', failureReason, extra: extrasFor(row, to) });
  }

  function pathOrConflict(row: TransactionRow, target: string): string[] {
    const kind = row.kind;
    if (!STATUSES_OF[kind].includes(target))
      throw badInput({ status: `Unknown status for a ${kind} transaction: use one of ${STATUSES_OF[kind].join(', ')}.` });
    const path = shortestPath(kind, row.status, target);
    if (!path) {
      const next = TRANSITIONS[kind][row.status] ?? [];
      throw new AppError(
        'CONFLICT',
        next.length
          ? `A ${kind} transaction in ${row.status} cannot reach ${target}; from ${row.status} it can move to ${next.join(', ')}.`
          : `This ${kind} transaction is ${row.status}, which is final: it cannot move to ${target}.`,
      );
    }
    return path;
  }

  async function loadTest(id: string): Promise<TransactionRow> {
    const row = await transactions.find(id);
    if (row.kind === 'balance') throw notFound('The transaction');
    if (row.liveMode) throw forbidden('This is a live transaction: only test-mode transactions can be moved by the test helpers.');
    return row;
  }

  /** Schedules the next step toward `target` as a durable job (a restart resumes it); a new target replaces a queued one. */
  async function scheduleToward(transactionId: string, target: string, failureReason: string | null = null, delayMs = config.TEST_MODE_STEP_DELAY_MS) {
    await jobs.add(
      'test_mode_step',
      { transactionId, target, failureReason },
      { runAt: new Date(Date.now() + delayMs), jobKey: `test_mode_step:${transactionId}`, maxAttempts: 5 },
    );
  }

  /** An NFT checkout purchase in waitingPayment: a buy of one token at its fiat price (the quote), for a test customer. */
  async function createNft(
    accountId: string,
    liveMode: boolean,
    input: {
      purchase: NftPurchase;
      quote: {
        baseCurrencyAmount: string;
        quoteCurrencyAmount: string;
        feeAmount: string;
        extraFeeAmount: string;
        networkFeeAmount: string;
        route: string | null;
      };
      priceCurrencyCode: string;
      fiatCurrencyCode: string;
      paymentMethod: string;
      country: string;
      email: string | null;
      walletAddress: string;
      externalCustomerId: string | null;
      externalTransactionId: string | null;
      userAgent: string | null;
    },
  ): Promise<TransactionRow> {
    if (liveMode) throw forbidden(LIVE_REFUSED_MESSAGE);
    const customer = await repository.findOrCreateCustomer({
      accountId,
      liveMode,
      email: input.email?.trim() || null,
      externalCustomerId: input.externalCustomerId?.trim() || null,
      country: input.country,
    });
    return transactions.createTransaction({
      accountId,
      liveMode,
      kind: 'buy',
      isNft: true,
      nftTransaction: { ...input.purchase },
      customerId: customer.id,
      externalCustomerId: customer.externalCustomerId ?? input.externalCustomerId,
      externalTransactionId: input.externalTransactionId,
      country: input.country,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      flow: 'nftCheckout',
      ...ratesOf(input.fiatCurrencyCode, null),
      baseCurrencyCode: input.fiatCurrencyCode,
      quoteCurrencyCode: input.priceCurrencyCode,
      fiatCurrencyCode: input.fiatCurrencyCode,
      amount: input.quote.baseCurrencyAmount,
      baseCurrencyAmount: input.quote.baseCurrencyAmount,
      quoteCurrencyAmount: input.quote.quoteCurrencyAmount,
      feeAmount: input.quote.feeAmount,
      extraFeeAmount: input.quote.extraFeeAmount,
      networkFeeAmount: input.quote.networkFeeAmount,
      paymentMethod: input.paymentMethod,
      route: input.quote.route,
      networkCode: input.purchase.networkCode,
      walletAddress: input.walletAddress,
      detailedStatus: 'paymentRequired',
    });
  }

  return {
    create,
    createNft,
    shortestPath,
    scheduleToward,

    /** Moves a test transaction now through each status on the way to `target` (each change emits its webhook). */
    async moveTo(id: string, target: string, failureReason?: string | null): Promise<TransactionRow> {
      if (failureReason && !FAILURE_REASONS[failureReason])
        throw badInput({ failureReason: `Unknown failure reason: use one of ${Object.keys(FAILURE_REASONS).join(', ')}.` });
      let row = await loadTest(id);
      const kind = row.kind as TestKind;
      if (failureReason && target !== FAILED_STATUS[kind]) throw badInput({ failureReason: 'A failure reason goes with the failed status only.' });
      for (const status of pathOrConflict(row, target)) row = await step(row, status, { failureReason, reason: 'Test helper' });
      return row;
    },

    /** Moves one status now (the widget's payment and deposit answers); refuses a move the state machine does not allow. */
    async stepNow(row: TransactionRow, to: string, failureReason?: string | null) {
      if (row.liveMode) throw forbidden(LIVE_REFUSED_MESSAGE);
      return step(row, to, { failureReason, reason: 'Test mode widget' });
    },

    /** The job: one step toward the target, then the next job; stops at the target or at a final status. */
    async runStep(payload: { transactionId: string; target: string; failureReason?: string | null }) {
      const row = await transactions.find(payload.transactionId).catch(() => null);
      if (!row || row.liveMode || row.kind === 'balance' || row.status === payload.target || isTerminal(row.kind, row.status)) return;
      const path = shortestPath(row.kind, row.status, payload.target);
      if (!path?.length) return;
      const next = await step(row, path[0]!, { failureReason: payload.failureReason ?? null });
      if (next.status !== payload.target) await scheduleToward(row.id, payload.target, payload.failureReason ?? null);
    },
  };
}

export type TestProcessing = ReturnType<typeof createTestProcessing>;
export type { WidgetFlow };
