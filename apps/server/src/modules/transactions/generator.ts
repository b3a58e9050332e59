/**
 * A realistic data generator: customers (with KYC levels, identity checks, files and cards) and buy, NFT, sell,
 * swap and balance transactions in believable proportions, written with COPY. Rows are produced in time order
 * with time-ordered ids (UUIDv7-like), so the primary key and the list indexes grow at their right edge.
 * Faker fills small pools once (names, domains, user agents); rows are then drawn from a seeded PRNG, which is
 * what makes a million rows take seconds rather than minutes.
 */
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { Faker, base, en } from '@faker-js/faker';
import { CRYPTO_CURRENCIES } from '@rampart/shared/transactions';
import { seededRandom } from '../../lib/seeded-random.ts';
import { rebuildRollups } from './rollups.ts';

export interface GenerateOptions {
  accountId: string;
  /** Transactions per mode. */
  live: number;
  test: number;
  /** Spread over this many days back from `until`. */
  days?: number;
  until?: Date;
  seed?: number;
  /** Drop and rebuild the transactions table's secondary indexes around the load; by default when the load is large. */
  buildIndexesAfter?: boolean;
  log?: (line: string) => void;
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

function picker<T>(random: () => number, table: Weighted<T>) {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0);
  const cumulative = table.map((_entry, index) => table.slice(0, index + 1).reduce((sum, [, w]) => sum + w, 0) / total);
  return () => {
    const r = random();
    for (let i = 0; i < cumulative.length; i += 1) if (r < cumulative[i]!) return table[i]![0];
    return table[table.length - 1]![0];
  };
}

const COUNTRIES: Weighted<string> = [
  ['US', 30],
  ['GB', 12],
  ['DE', 8],
  ['FR', 7],
  ['BR', 6],
  ['CA', 5],
  ['ES', 4],
  ['IT', 4],
  ['NL', 3],
  ['AU', 3],
  ['NG', 3],
  ['PL', 2],
  ['SE', 2],
  ['MX', 2],
  ['IE', 2],
  ['PT', 2],
  ['JP', 2],
  ['CH', 1],
  ['AT', 1],
  ['BE', 1],
];
const FIAT_OF_COUNTRY: Record<string, string> = {
  US: 'usd',
  GB: 'gbp',
  DE: 'eur',
  FR: 'eur',
  ES: 'eur',
  IT: 'eur',
  NL: 'eur',
  IE: 'eur',
  PT: 'eur',
  AT: 'eur',
  BE: 'eur',
  BR: 'brl',
  CA: 'cad',
  AU: 'aud',
  NG: 'ngn',
  JP: 'jpy',
  PL: 'eur',
  SE: 'eur',
  MX: 'usd',
  CH: 'eur',
};
/** One unit of each fiat currency in usd (eur and gbp rates are derived from these). */
const USD_PER: Record<string, number> = { usd: 1, eur: 1.08, gbp: 1.27, cad: 0.73, aud: 0.66, brl: 0.18, ngn: 0.00065, jpy: 0.0067 };
const CRYPTO: Weighted<string> = [
  ['btc', 30],
  ['eth', 25],
  ['usdc', 15],
  ['usdt', 10],
  ['sol', 8],
  ['usdc_sol', 3],
  ['matic', 3],
  ['usdc_polygon', 2],
  ['eth_base', 2],
  ['xrp', 1],
  ['ltc', 0.6],
  ['doge', 0.4],
];
const CRYPTO_USD: Record<string, number> = {
  btc: 67000,
  eth: 3400,
  usdc: 1,
  usdt: 1,
  sol: 150,
  usdc_sol: 1,
  matic: 0.7,
  usdc_polygon: 1,
  eth_base: 3400,
  xrp: 0.55,
  ltc: 80,
  doge: 0.15,
};
const BUY_METHODS: Weighted<string> = [
  ['creditCard', 35],
  ['debitCard', 20],
  ['applePay', 12],
  ['googlePay', 6],
  ['sepa', 8],
  ['ach', 5],
  ['pix', 3],
  ['gbpOpenBankingPayment', 3],
  ['paypal', 3],
  ['revolutPay', 2],
  ['venmo', 1],
  ['interac', 1],
  ['mobileWallet', 1],
];
const SELL_METHODS: Weighted<string> = [
  ['sepa', 30],
  ['ach', 20],
  ['gbp', 12],
  ['creditCard', 10],
  ['pix', 8],
  ['paypal', 8],
  ['lowCostAch', 6],
  ['yellowCardBankTransfer', 3],
  ['interac', 3],
];
const BUY_STATUS: Weighted<string> = [
  ['completed', 74],
  ['failed', 16],
  ['pending', 4],
  ['waitingPayment', 4],
  ['waitingAuthorization', 2],
];
const SELL_STATUS: Weighted<string> = [
  ['completed', 70],
  ['failed', 14],
  ['pending', 6],
  ['waitingForDeposit', 8],
  ['frozen', 2],
];
const SWAP_STATUS: Weighted<string> = [
  ['completed', 72],
  ['failed', 12],
  ['waitingForDeposit', 6],
  ['executingSwap', 3],
  ['screeningWalletAddress', 1],
  ['frozen', 1],
  ['reQuoteRequired', 2],
  ['waitingForDepositAddressGeneration', 1.5],
  ['waitingForDepositKytRegistration', 1.5],
];
const BALANCE_STATUS: Weighted<string> = [
  ['Completed', 82],
  ['Failed', 7],
  ['Pending', 6],
  ['WaitingPayment', 5],
];
const KIND: Weighted<'buy' | 'nft' | 'sell' | 'swap' | 'balance'> = [
  ['buy', 53],
  ['nft', 3],
  ['sell', 20],
  ['swap', 12],
  ['balance', 12],
];
const BALANCE_TYPE: Weighted<string> = [
  ['Deposit', 50],
  ['Withdrawal', 35],
  ['Reward', 15],
];
const FAILURES: Record<string, Weighted<string>> = {
  buy: [
    ['cardDeclined', 35],
    ['insufficientFunds', 15],
    ['threeDsFailed', 15],
    ['kycRejected', 8],
    ['kycTimeout', 7],
    ['riskDeclined', 10],
    ['quoteExpired', 5],
    ['amountOutOfRange', 3],
    ['cancelledByCustomer', 2],
  ],
  sell: [
    ['depositNotReceived', 40],
    ['bankTransferReturned', 20],
    ['kycRejected', 10],
    ['riskDeclined', 15],
    ['quoteExpired', 10],
    ['cancelledByCustomer', 5],
  ],
  swap: [
    ['depositNotReceived', 45],
    ['walletScreeningFailed', 20],
    ['quoteExpired', 15],
    ['networkError', 10],
    ['riskDeclined', 10],
  ],
  balance: [
    ['bankTransferReturned', 60],
    ['riskDeclined', 25],
    ['amountOutOfRange', 15],
  ],
};
const KYC: Weighted<[string, string, string | null]> = [
  [['Full', 'Clear', 'clear'], 45],
  [['Lite', 'Clear', 'clear'], 25],
  [['Basic', 'NotStarted', null], 15],
  [['Basic', 'Pending', null], 7],
  [['Lite', 'Failed', 'consider'], 3],
  [['Basic', 'Rejected', 'rejected'], 3],
  [['Lite', 'Reset', null], 2],
];
const FLOWS: Weighted<string> = [
  ['principal', 80],
  ['express', 15],
  ['headless', 5],
];
const NFT_COLLECTIONS = ['Pudgy Pals', 'Moon Cats Revival', 'Chain Runners', 'Art Blocks Curated', 'Base Punks'];

const HISTORY_PATH: Record<string, Record<string, string[]>> = {
  buy: {
    completed: ['waitingPayment', 'pending', 'completed'],
    failed: ['waitingPayment', 'failed'],
    pending: ['waitingPayment', 'pending'],
    waitingPayment: ['waitingPayment'],
    waitingAuthorization: ['waitingPayment', 'pending', 'waitingAuthorization'],
  },
  sell: {
    completed: ['waitingForDeposit', 'pending', 'completed'],
    failed: ['waitingForDeposit', 'failed'],
    pending: ['waitingForDeposit', 'pending'],
    waitingForDeposit: ['waitingForDeposit'],
    frozen: ['waitingForDeposit', 'pending', 'frozen'],
  },
  swap: {
    completed: [
      'screeningWalletAddress',
      'waitingForDepositAddressGeneration',
      'waitingForDepositKytRegistration',
      'waitingForDeposit',
      'executingSwap',
      'completed',
    ],
    failed: ['screeningWalletAddress', 'waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit', 'failed'],
    waitingForDeposit: ['screeningWalletAddress', 'waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit'],
    executingSwap: ['screeningWalletAddress', 'waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration', 'waitingForDeposit', 'executingSwap'],
    screeningWalletAddress: ['screeningWalletAddress'],
    frozen: ['screeningWalletAddress', 'frozen'],
    reQuoteRequired: [
      'screeningWalletAddress',
      'waitingForDepositAddressGeneration',
      'waitingForDepositKytRegistration',
      'waitingForDeposit',
      'reQuoteRequired',
    ],
    waitingForDepositAddressGeneration: ['screeningWalletAddress', 'waitingForDepositAddressGeneration'],
    waitingForDepositKytRegistration: ['screeningWalletAddress', 'waitingForDepositAddressGeneration', 'waitingForDepositKytRegistration'],
  },
  balance: {
    Completed: ['WaitingPayment', 'Pending', 'Completed'],
    Failed: ['WaitingPayment', 'Failed'],
    Pending: ['WaitingPayment', 'Pending'],
    WaitingPayment: ['WaitingPayment'],
  },
};

const HEX = '0123456789abcdef';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

interface CustomerSeed {
  id: string;
  externalId: string;
  email: string;
  country: string;
  fiat: string;
  evm: string;
  btc: string;
  sol: string;
}

const TX_COLUMNS = [
  'id',
  'account_id',
  'live_mode',
  'kind',
  'balance_type',
  'is_nft',
  'status',
  'detailed_status',
  'pending_action_status',
  'is_waiting_kyc',
  'failure_reason',
  'flow',
  'is_quote_expired',
  'created_at',
  'updated_at',
  'customer_id',
  'external_customer_id',
  'external_transaction_id',
  'base_currency_code',
  'quote_currency_code',
  'fiat_currency_code',
  'amount',
  'base_currency_amount',
  'quote_currency_amount',
  'original_base_currency_amount',
  'fee_amount',
  'extra_fee_amount',
  'network_fee_amount',
  'usd_rate',
  'eur_rate',
  'gbp_rate',
  'payment_method',
  'country',
  'network_code',
  'crypto_transaction_id',
  'wallet_address',
  'wallet_address_tag',
  'user_agent',
  'nft_transaction',
  'defi_buy_transaction',
  'refund_wallet_address',
  'deposit_hash',
  'refund_approval_status',
  'refund_hash',
  'quote',
  'deposit_wallet_address',
  'refund_transaction_hash',
  'status_history',
] as const;

/** Text-format COPY value: \N for null; the generator never produces tabs, newlines or backslashes. */
const v = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '\\N' : String(value));

export async function generateTransactions(pool: pg.Pool, options: GenerateOptions): Promise<{ customers: number; transactions: number; ms: number }> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const random = seededRandom(options.seed ?? 0x5eed);
  const faker = new Faker({ locale: [en, base] });
  faker.seed(options.seed ?? 42);
  const pick = <T>(table: Weighted<T>) => picker(random, table);
  const pickCountry = pick(COUNTRIES);
  const pickCrypto = pick(CRYPTO);
  const pickBuyMethod = pick(BUY_METHODS);
  const pickSellMethod = pick(SELL_METHODS);
  const pickKind = pick(KIND);
  const pickBalanceType = pick(BALANCE_TYPE);
  const pickKyc = pick(KYC);
  const pickFlow = pick(FLOWS);
  const statusPickers: Record<string, () => string> = {
    buy: pick(BUY_STATUS),
    sell: pick(SELL_STATUS),
    swap: pick(SWAP_STATUS),
    balance: pick(BALANCE_STATUS),
  };
  const failurePickers: Record<string, () => string> = Object.fromEntries(Object.entries(FAILURES).map(([kind, table]) => [kind, pick(table)]));
  // Eight hex digits per draw: the hashes and addresses are most of the generator's string work.
  const hex = (length: number) => {
    let out = '';
    while (out.length < length) out += ((random() * 0x100000000) >>> 0).toString(16).padStart(8, '0');
    return out.length === length ? out : out.slice(0, length);
  };
  const b58 = (length: number) => {
    let out = '';
    for (let i = 0; i < length; i += 1) out += BASE58[(random() * 58) | 0];
    return out;
  };
  const firstNames = Array.from({ length: 300 }, () => faker.person.firstName());
  const lastNames = Array.from({ length: 300 }, () => faker.person.lastName());
  const domains = [
    ...Array.from({ length: 30 }, () => faker.internet.domainName()),
    'gmail.com',
    'gmail.com',
    'gmail.com',
    'outlook.com',
    'yahoo.com',
    'proton.me',
    'icloud.com',
  ];
  const userAgents = Array.from({ length: 60 }, () => faker.internet.userAgent().replace(/[\t\n\\]/g, ' '));
  const until = (options.until ?? new Date()).getTime();
  const days = options.days ?? 365;
  const from = until - days * 86_400_000;
  const client = await pool.connect();
  let customerTotal = 0;
  let transactionTotal = 0;
  try {
    // Foreign keys are checked by construction here; skipping their triggers makes COPY several times faster.
    const superuser = (await client.query<{ s: string }>(`select current_setting('is_superuser') as s`)).rows[0]?.s === 'on';
    if (superuser) await client.query(`set session_replication_role = replica`);
    await client.query(`set synchronous_commit = off`);
    // A load at least as big as the table: drop the transactions table's secondary indexes and build them after the
    // COPY — one sorted build is several times cheaper than updating nine indexes row by row. It all happens in one
    // database transaction, so an interrupted load leaves the table and its indexes as they were (readers of the
    // table wait for it meanwhile; this is a seeding tool).
    const existingRows = Number(
      (await client.query<{ n: string }>(`select greatest(reltuples, 0)::bigint as n from pg_class where oid = 'transactions'::regclass`)).rows[0]!.n,
    );
    const buildIndexesAfter = options.buildIndexesAfter ?? (options.live + options.test >= 200_000 && options.live + options.test >= existingRows);
    const indexes = buildIndexesAfter
      ? (
          await client.query<{ name: string; definition: string }>(
            `select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = 'transactions' and indexname <> 'transactions_pkey'`,
          )
        ).rows
      : [];
    if (buildIndexesAfter) {
      await client.query('begin');
      for (const index of indexes) await client.query(`drop index "${index.name}"`);
    }

    for (const liveMode of [true, false]) {
      const count = liveMode ? options.live : options.test;
      if (count <= 0) continue;
      const modeTag = liveMode ? 'live' : 'test';
      // Customers: roughly one per six transactions, a few with many (Zipf-like draw below).
      const customerCount = Math.max(5, Math.round(count / 6));
      const customers: CustomerSeed[] = [];
      const runTag = crypto.randomBytes(3).toString('hex');
      const customerLines: string[] = [];
      const fileLines: string[] = [];
      const cardLines: string[] = [];
      const flush = async (table: string, columns: string, lines: string[]) => {
        if (!lines.length) return;
        const stream = client.query(copyStreams.from(`copy ${table} (${columns}) from stdin`));
        await pipeline(Readable.from(chunked(lines)), stream);
        lines.length = 0;
      };
      for (let i = 0; i < customerCount; i += 1) {
        const country = pickCountry();
        const first = firstNames[(random() * firstNames.length) | 0]!;
        const last = lastNames[(random() * lastNames.length) | 0]!;
        const createdAt = from - random() * 90 * 86_400_000 + random() * days * 86_400_000 * 0.9;
        const id = uuidv7(createdAt, random);
        const [level, status, result] = pickKyc();
        const blocked = random() < 0.01;
        const customer: CustomerSeed = {
          id,
          externalId: `cus_${modeTag}_${runTag}_${i.toString(36)}`,
          email: `${first}.${last}${i}@${domains[(random() * domains.length) | 0]}`.toLowerCase().replace(/[^a-z0-9.@_-]/g, ''),
          country,
          fiat: FIAT_OF_COUNTRY[country] ?? 'usd',
          evm: `0x${hex(40)}`,
          btc: `bc1q${b58(38).toLowerCase()}`,
          sol: b58(44),
        };
        customers.push(customer);
        const created = new Date(createdAt).toISOString();
        customerLines.push(
          [
            id,
            options.accountId,
            liveMode,
            customer.externalId,
            customer.email,
            first,
            last,
            country,
            customer.fiat,
            blocked ? 'Blocked' : level,
            status,
            v(result),
            blocked,
            blocked ? created : '\\N',
            '\\N',
            false,
            created,
            created,
          ]
            .map((x) => v(x as string))
            .join('\t'),
        );
        if (level !== 'Basic' || status !== 'NotStarted') {
          fileLines.push(
            [crypto.randomUUID(), id, 'passport', result === 'clear' ? 'Approved' : result === 'rejected' ? 'Rejected' : 'Pending', created].join('\t'),
          );
          if (level === 'Full') fileLines.push([crypto.randomUUID(), id, 'selfie', 'Approved', created].join('\t'));
        }
        const cards = random() < 0.6 ? 1 + (random() < 0.25 ? 1 : 0) : 0;
        for (let c = 0; c < cards; c += 1) {
          cardLines.push(
            [
              crypto.randomUUID(),
              id,
              random() < 0.6 ? 'visa' : 'mastercard',
              String(1000 + ((random() * 9000) | 0)),
              1 + ((random() * 12) | 0),
              2026 + ((random() * 5) | 0),
              random() < 0.6 ? 'debit' : 'credit',
              created,
            ].join('\t'),
          );
        }
      }
      await flush(
        'customers',
        'id, account_id, live_mode, external_customer_id, email, first_name, last_name, country, default_currency, kyc_level, identity_check_status, identity_check_result, is_blocked, blocked_at, blocked_by, is_deleted, created_at, updated_at',
        customerLines,
      );
      await flush('customer_files', 'id, customer_id, type, review_result, created_at', fileLines);
      await flush('customer_cards', 'id, customer_id, brand, last_digits, expiry_month, expiry_year, card_type, created_at', cardLines);
      customerTotal += customerCount;

      // Time-ordered creation times with growth: density rises linearly over the period.
      const times = new Float64Array(count);
      for (let i = 0; i < count; i += 1) times[i] = from + Math.sqrt(random()) * (until - from);
      times.sort();
      let counter = 0;
      const rows = function* () {
        for (let i = 0; i < count; i += 1) {
          yield row(times[i]!, counter++);
        }
      };
      const row = (createdMs: number, n: number): string => {
        const drawn = pickKind();
        const kind = drawn === 'nft' ? 'buy' : drawn;
        const isNft = drawn === 'nft';
        // Zipf-like: a squared draw favours the first customers.
        const r = random();
        const customer = customers[Math.floor(r * r * customers.length)]!;
        const ageHours = (until - createdMs) / 3_600_000;
        let status = statusPickers[kind]!();
        // Only recent transactions are still in flight.
        if (ageHours > 48 && !['completed', 'failed', 'Completed', 'Failed', 'frozen'].includes(status))
          status = kind === 'balance' ? 'Completed' : 'completed';
        const failed = status === 'failed' || status === 'Failed';
        const crypto_ = kind === 'balance' ? null : isNft ? 'eth' : pickCrypto();
        const network = crypto_ ? CRYPTO_CURRENCIES.find((c) => c.code === crypto_)!.networkCode : null;
        const fiat =
          kind === 'swap' ? crypto_! : kind === 'balance' ? (customer.fiat === 'gbp' ? 'gbp' : customer.fiat === 'usd' ? 'usd' : 'eur') : customer.fiat;
        // Amounts: log-normal around 150 usd, clipped to 20..25,000.
        const usdValue = Math.min(25_000, Math.max(20, Math.exp(Math.log(150) + 1.1 * gaussian(random))));
        const drift = kind === 'swap' ? 0.97 + random() * 0.06 : 0.985 + random() * 0.03;
        // A currency is worth exactly one of itself: a usd purchase's "In USD" is its amount (no drift against usd).
        const usdPer = kind === 'swap' ? CRYPTO_USD[fiat]! * drift : fiat === 'usd' ? 1 : USD_PER[fiat]! * drift;
        const fiatAmount = usdValue / usdPer;
        const decimals = kind === 'swap' ? 8 : fiat === 'jpy' ? 0 : 2;
        const amount = fiatAmount.toFixed(decimals);
        const rateDigits = kind === 'swap' ? 2 : 6;
        const usdRate = usdPer.toFixed(rateDigits);
        const eurRate = fiat === 'eur' ? (1).toFixed(rateDigits) : (usdPer / USD_PER.eur!).toFixed(rateDigits);
        const gbpRate = fiat === 'gbp' ? (1).toFixed(rateDigits) : (usdPer / USD_PER.gbp!).toFixed(rateDigits);
        const method = kind === 'buy' ? pickBuyMethod() : kind === 'sell' ? pickSellMethod() : kind === 'balance' ? 'fiatBalance' : null;
        const feeRate =
          method === 'creditCard' || method === 'applePay' || method === 'googlePay' || method === 'debitCard' ? 0.035 : kind === 'swap' ? 0.01 : 0.01;
        const fee = (fiatAmount * feeRate).toFixed(decimals);
        const extraFee = (fiatAmount * (random() < 0.5 ? 0.005 : 0.01)).toFixed(decimals);
        const networkFee = crypto_ ? (Math.min(25, 0.3 + random() * 4) / usdPer).toFixed(decimals) : '0';
        const cryptoPrice = crypto_ ? CRYPTO_USD[crypto_]! * (0.97 + random() * 0.06) : 1;
        const cryptoAmount = crypto_ ? (Math.max(0, usdValue - usdValue * feeRate) / cryptoPrice).toFixed(8) : null;
        const address =
          network === 'bitcoin' || network === 'litecoin' || network === 'dogecoin'
            ? customer.btc
            : network === 'solana'
              ? customer.sol
              : network === 'ripple'
                ? `r${b58(33)}`
                : customer.evm;
        const hash =
          crypto_ && (status === 'completed' || status === 'pending' || status === 'executingSwap')
            ? network === 'solana'
              ? b58(88)
              : network === 'bitcoin'
                ? hex(64)
                : `0x${hex(64)}`
            : null;
        const path = HISTORY_PATH[kind]![status]!;
        const created = new Date(createdMs);
        let t = createdMs;
        const history = path.map((s, index) => {
          if (index > 0) t += 20_000 + random() * 600_000;
          return `{"status":"${s}","at":"${new Date(Math.min(t, until)).toISOString()}"}`;
        });
        const updated = new Date(Math.min(t, until)).toISOString();
        const id = uuidv7(createdMs, random);
        let baseCode = fiat;
        let quoteCode: string | null = crypto_;
        let baseAmount = amount;
        let quoteAmount = cryptoAmount;
        let quote: string | null = null;
        let refund: string | null = null;
        let depositHash: string | null = null;
        let depositWallet: string | null = null;
        let refundApproval: string | null = null;
        if (kind === 'sell') {
          baseCode = crypto_!;
          quoteCode = fiat;
          baseAmount = (usdValue / cryptoPrice).toFixed(8);
          quoteAmount = (fiatAmount - fiatAmount * feeRate).toFixed(decimals);
          refund = address;
          depositHash = status === 'waitingForDeposit' ? null : network === 'solana' ? b58(88) : `0x${hex(64)}`;
          if (failed && random() < 0.3) refundApproval = 'Pending';
        } else if (kind === 'swap') {
          const target = pickCrypto() === crypto_ ? 'usdc' : pickCrypto();
          const targetPrice = CRYPTO_USD[target]!;
          quoteCode = target;
          baseAmount = amount;
          quoteAmount = ((usdValue * 0.99) / targetPrice).toFixed(8);
          depositWallet = network === 'solana' ? b58(44) : `0x${hex(40)}`;
          quote = `{"baseCurrencyCode":"${crypto_}","quoteCurrencyCode":"${target}","baseCurrencyAmount":"${baseAmount}","quoteCurrencyAmount":"${quoteAmount}","feeAmount":"${fee}","networkFeeAmount":"${networkFee}","usdRate":"${usdRate}","eurRate":"${eurRate}","gbpRate":"${gbpRate}","estimatedConversionRate":"${(cryptoPrice / targetPrice).toFixed(8)}","expiresAt":"${new Date(createdMs + 600_000).toISOString()}"}`;
        } else if (kind === 'balance') {
          quoteCode = null;
          quoteAmount = null;
        }
        const nft = isNft
          ? `{"collectionName":"${NFT_COLLECTIONS[n % NFT_COLLECTIONS.length]}","contractAddress":"0x${hex(40)}","tokenId":"${(random() * 10000) | 0}","networkCode":"ethereum","imageUrl":"https://images.example.com/nft/${(random() * 10000) | 0}.png"}`
          : null;
        const cells = [
          id,
          options.accountId,
          liveMode,
          kind,
          kind === 'balance' ? pickBalanceType() : null,
          isNft,
          status,
          kind === 'buy' && status === 'waitingAuthorization' ? 'awaitingCardAuthorization' : null,
          kind === 'buy' && status === 'waitingPayment' ? 'paymentRequired' : null,
          kind === 'buy' && status === 'waitingAuthorization' && random() < 0.3,
          failed ? failurePickers[kind]!() : null,
          kind === 'balance' ? null : pickFlow(),
          failed && random() < 0.1,
          created.toISOString(),
          updated,
          customer.id,
          customer.externalId,
          `ext_${modeTag}_${runTag}_${n.toString(36)}`,
          baseCode,
          quoteCode,
          fiat,
          amount,
          baseAmount,
          quoteAmount,
          kind === 'sell' ? baseAmount : null,
          fee,
          extraFee,
          networkFee,
          usdRate,
          eurRate,
          gbpRate,
          method,
          customer.country,
          network,
          hash,
          kind === 'balance' ? null : kind === 'swap' ? address : address,
          network === 'ripple' ? String((random() * 1e9) | 0) : null,
          userAgents[(random() * userAgents.length) | 0],
          nft,
          null,
          refund,
          depositHash,
          refundApproval,
          null,
          quote,
          depositWallet,
          null,
          `[${history.join(',')}]`,
        ];
        for (let c = 0; c < cells.length; c += 1) cells[c] = v(cells[c]);
        return `${cells.join('\t')}\n`;
      };
      const copy = client.query(copyStreams.from(`copy transactions (${TX_COLUMNS.join(', ')}) from stdin`));
      await pipeline(Readable.from(batched(rows(), 2000)), copy);
      transactionTotal += count;
      const events = await client.query(WIDGET_EVENTS_SQL, [options.accountId, liveMode, `ext\\_${modeTag}\\_${runTag}\\_%`]);
      log(
        `  ${count.toLocaleString('en')} ${modeTag} transactions, ${customerCount.toLocaleString('en')} customers and ${(events.rowCount ?? 0).toLocaleString('en')} widget events written (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    if (buildIndexesAfter) {
      await client.query(`set maintenance_work_mem = '512MB'`);
      for (const index of indexes) await client.query(index.definition);
      await client.query('commit');
      log(`  ${indexes.length} indexes built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    if (superuser) await client.query(`set session_replication_role = origin`);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await rebuildRollups(pool, options.accountId);
  log(`  rollups rebuilt (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { customers: customerTotal, transactions: transactionTotal, ms: Date.now() - started };
}

/**
 * Widget funnel events for this run's buy, sell and swap transactions, in one statement over the rows just written:
 * about one in eight came through the widget (opened, quoted, the transaction, payment started unless it never got past waiting
 * for payment or a deposit, completed or failed when it ended), and around each one sessions that gave up after
 * opening or after a quote — so the funnel narrows. Session ids are null (no session rows for generated data);
 * draws come from bits of a hash of the transaction id, so the transaction rows themselves are unchanged.
 */
const WIDGET_EVENTS_SQL = `
  insert into widget_events (account_id, live_mode, session_id, flow, event, transaction_id, created_at)
  select t.account_id, t.live_mode, null, t.kind, e.event, e.transaction_id, e.at
  from (select id, account_id, live_mode, kind, status, created_at, updated_at, hashtext(id::text)::bigint & 2147483647 as h
        from transactions where account_id = $1 and live_mode = $2 and kind in ('buy', 'sell', 'swap') and external_transaction_id like $3) t
  cross join lateral (
    select 'opened' as event, null::uuid as transaction_id, t.created_at - make_interval(secs => 90 + t.h % 300) as at
    union all select 'quoted', null, t.created_at - make_interval(secs => 20 + t.h % 60)
    union all select 'transaction_created', t.id, t.created_at
    union all select 'payment_started', t.id, t.created_at + make_interval(secs => 5 + t.h % 40)
      where t.status in ('completed', 'pending', 'waitingAuthorization', 'frozen', 'executingSwap', 'reQuoteRequired') or (t.kind = 'buy' and t.status = 'failed')
    union all select t.status, t.id, t.updated_at where t.status in ('completed', 'failed')
    union all select 'opened', null, t.created_at - make_interval(secs => 600 + (t.h >> 3) % 43200) where (t.h >> 12) & 7 < 7
    union all select 'opened', null, t.created_at - make_interval(secs => 900 + (t.h >> 5) % 43200) where (t.h >> 15) & 7 < 5
    union all select 'quoted', null, t.created_at - make_interval(secs => 840 + (t.h >> 5) % 43200) where (t.h >> 15) & 7 < 5
  ) e
  where (t.h >> 18) % 100 < 12`;

/** Joins lines into chunks (one flat string each, rather than a deep chain of concatenations for the GC to walk). */
function* batched(lines: Iterable<string>, size: number) {
  let buffer: string[] = [];
  for (const line of lines) {
    buffer.push(line);
    if (buffer.length >= size) {
      yield buffer.join('');
      buffer = [];
    }
  }
  if (buffer.length) yield buffer.join('');
}

function* chunked(lines: string[]) {
  for (let i = 0; i < lines.length; i += 2000) yield `${lines.slice(i, i + 2000).join('\n')}\n`;
}

function gaussian(random: () => number) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A UUIDv7-shaped id from a time and the PRNG: ids sort by creation time. */
function uuidv7(ms: number, random: () => number) {
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  let rest = '';
  for (let i = 0; i < 20; i += 1) rest += HEX[(random() * 16) | 0];
  const variant = HEX[8 + ((random() * 4) | 0)];
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${rest.slice(0, 3)}-${variant}${rest.slice(3, 6)}-${rest.slice(6, 18)}`;
}
