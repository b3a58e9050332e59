/**
 * `npm run simulate-provider -- --account <account id> [--url http://localhost:3000] [--credential <secret>]
 *  [--rate 2] [--speed 1] [--events N] [--seed N]`
 * A stand-in for the provider's core (issue 34): customers arrive, buy and sell, and their transactions move through
 * their states with realistic failure rates and delays, each change sent as a CloudEvent through the public ingestion
 * endpoint (POST /provider/v1/events/batch) with a provider credential — the same path a real core uses, so live mode
 * moves in development. The credential: --credential or RAMPART_INGESTION_SECRET (`npm run admin -- create-ingestion-credential --name …` prints one).
 * --rate: new customers per second; --speed: how much faster than real time the delays run; --events: stop after N.
 * Ctrl-C stops it after the batch in flight.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { seededRandom } from './lib/seeded-random.ts';

const USAGE =
  'usage: npm run simulate-provider -- --account <account id> [--url http://localhost:3000] [--credential <secret>] [--rate 2] [--speed 1] [--events N] [--seed N]';

interface Customer {
  id: string;
  externalId: string;
  country: string;
  version: number;
}

interface Step {
  status: string;
  failureReason?: string;
  detailedStatus?: string | null;
  /** Seconds after the previous step. */
  after: number;
}

interface Pending {
  at: number;
  id: string;
  version: number;
  step: Step;
  rest: Step[];
}

const COUNTRIES = ['GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'US', 'BR', 'PL', 'SE'];
const FIAT_OF: Record<string, string> = { GB: 'gbp', US: 'usd', BR: 'brl', PL: 'pln', SE: 'sek' };
const CRYPTO = [
  { code: 'btc', usd: 64000, network: 'bitcoin' },
  { code: 'eth', usd: 3200, network: 'ethereum' },
  { code: 'usdc', usd: 1, network: 'ethereum' },
  { code: 'sol', usd: 150, network: 'solana' },
];
const USD_PER: Record<string, number> = { eur: 1.08, gbp: 1.27, usd: 1, brl: 0.2, pln: 0.25, sek: 0.095 };
const METHODS = ['creditCard', 'debitCard', 'applePay', 'googlePay', 'sepa', 'gbpOpenBankingPayment', 'pix'];

/** The buy path: waiting for payment, then processing, then completed — or one of the usual failures on the way. */
function buySteps(random: () => number): Step[] {
  const roll = random();
  const delay = (low: number, high: number) => low + random() * (high - low);
  if (roll < 0.04) return [{ status: 'failed', failureReason: 'quoteExpired', after: delay(20, 60) }];
  const paid: Step = { status: 'pending', detailedStatus: 'paymentReceived', after: delay(3, 20) };
  if (roll < 0.09) return [{ status: 'failed', failureReason: 'cardDeclined', after: delay(2, 8) }];
  if (roll < 0.11) return [{ status: 'failed', failureReason: 'threeDsFailed', after: delay(5, 30) }];
  if (roll < 0.12) return [paid, { status: 'failed', failureReason: 'riskDeclined', after: delay(5, 20) }];
  if (roll < 0.13) return [paid, { status: 'failed', failureReason: 'walletScreeningFailed', after: delay(5, 20) }];
  return [paid, { status: 'completed', detailedStatus: 'cryptoSent', after: delay(10, 60) }];
}

/** The sell path: waiting for the customer's deposit, processing, paid out — or no deposit ever came. */
function sellSteps(random: () => number): Step[] {
  const delay = (low: number, high: number) => low + random() * (high - low);
  if (random() < 0.08) return [{ status: 'failed', failureReason: 'depositNotReceived', after: delay(60, 180) }];
  return [
    { status: 'pending', detailedStatus: 'depositReceived', after: delay(30, 120) },
    { status: 'completed', detailedStatus: 'fiatSent', after: delay(10, 40) },
  ];
}

function main() {
  const { values } = parseArgs({
    options: {
      account: { type: 'string' },
      url: { type: 'string', default: process.env.RAMPART_URL ?? 'http://localhost:3000' },
      credential: { type: 'string', default: process.env.RAMPART_INGESTION_SECRET },
      rate: { type: 'string', default: '2' },
      speed: { type: 'string', default: '1' },
      events: { type: 'string' },
      seed: { type: 'string' },
      source: { type: 'string', default: 'urn:rampart:simulator' },
    },
  });
  const fail = (message: string) => {
    console.error(`${message}\n${USAGE}`);
    process.exit(1);
  };
  if (!values.account || !/^[0-9a-f-]{36}$/i.test(values.account)) return fail('--account: the partner account id (a UUID) the business belongs to');
  if (!values.credential) return fail('--credential (or RAMPART_INGESTION_SECRET): a provider ingestion credential');
  const rate = Number(values.rate);
  const speed = Number(values.speed);
  const limit = values.events ? Number(values.events) : Infinity;
  if (!(rate > 0 && rate <= 1000)) return fail('--rate: new customers per second, above 0 and at most 1,000');
  if (!(speed > 0 && speed <= 10_000)) return fail('--speed: above 0 and at most 10,000');
  if (!(limit > 0)) return fail('--events: a positive number');
  let url: URL;
  try {
    url = new URL('/provider/v1/events/batch', values.url);
  } catch {
    return fail('--url: the Rampart to send to, such as http://localhost:3000');
  }
  return run({
    account: values.account,
    url,
    credential: values.credential,
    rate,
    speed,
    limit,
    seed: values.seed ? Number(values.seed) : Date.now(),
    source: values.source,
  });
}

async function run(options: { account: string; url: URL; credential: string; rate: number; speed: number; limit: number; seed: number; source: string }) {
  // Seeded, so --seed replays the same business.
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const customers: Customer[] = [];
  const pending: Pending[] = [];
  const outbox: Array<Record<string, unknown>> = [];
  const counts = { sent: 0, accepted: 0, duplicate: 0, stale: 0, refused: 0, customers: 0, transactions: 0, completed: 0, failed: 0 };
  let stopping = false;
  process.on('SIGINT', () => (stopping = true));
  process.on('SIGTERM', () => (stopping = true));
  const envelope = (type: string, data: Record<string, unknown>) => ({
    specversion: '1.0',
    id: crypto.randomUUID(),
    source: options.source,
    type,
    time: new Date().toISOString(),
    datacontenttype: 'application/json',
    data,
  });
  const now = () => Date.now() / 1000;
  let simulated = now();
  let last = now();
  let customerDebt = 0;

  const newCustomer = () => {
    const country = pick(COUNTRIES);
    const customer: Customer = { id: crypto.randomUUID(), externalId: `sim_${crypto.randomBytes(5).toString('hex')}`, country, version: 1 };
    customers.push(customer);
    if (customers.length > 500) customers.shift();
    counts.customers += 1;
    outbox.push(
      envelope('rampart.customer.created', {
        id: customer.id,
        version: 1,
        accountId: options.account,
        externalCustomerId: customer.externalId,
        country,
        identityCheck: { level: pick(['Basic', 'Lite', 'Full']), status: random() < 0.9 ? 'Clear' : 'Pending', result: null },
        createdAt: new Date().toISOString(),
      }),
    );
    return customer;
  };

  const newTransaction = (customer: Customer) => {
    const crypto_ = pick(CRYPTO);
    const fiat = FIAT_OF[customer.country] ?? 'eur';
    const fiatAmount = Math.round((20 + random() ** 3 * 3000) * 100) / 100;
    const usd = fiatAmount * USD_PER[fiat]!;
    const rates = {
      usdRate: USD_PER[fiat]!.toFixed(6),
      eurRate: (USD_PER[fiat]! / USD_PER.eur!).toFixed(6),
      gbpRate: (USD_PER[fiat]! / USD_PER.gbp!).toFixed(6),
    };
    const cryptoAmount = (usd / crypto_.usd).toFixed(8);
    const sell = random() < 0.2;
    const id = crypto.randomUUID();
    const common = {
      id,
      version: 1,
      accountId: options.account,
      createdAt: new Date().toISOString(),
      customerId: customer.id,
      externalCustomerId: customer.externalId,
      externalTransactionId: `sim_tx_${crypto.randomBytes(6).toString('hex')}`,
      country: customer.country,
      ...rates,
      feeAmount: (fiatAmount * 0.015).toFixed(2),
      extraFeeAmount: (fiatAmount * 0.005).toFixed(2),
      networkFeeAmount: '0.50',
      networkCode: crypto_.network,
    };
    counts.transactions += 1;
    if (sell) {
      outbox.push(
        envelope('rampart.sell_transaction.created', {
          ...common,
          status: 'waitingForDeposit',
          baseCurrencyCode: crypto_.code,
          baseCurrencyAmount: cryptoAmount,
          quoteCurrencyCode: fiat,
          quoteCurrencyAmount: fiatAmount.toFixed(2),
        }),
      );
    } else {
      outbox.push(
        envelope('rampart.buy_transaction.created', {
          ...common,
          status: 'waitingPayment',
          baseCurrencyCode: fiat,
          baseCurrencyAmount: fiatAmount.toFixed(2),
          quoteCurrencyCode: crypto_.code,
          quoteCurrencyAmount: cryptoAmount,
          paymentMethod: pick(METHODS),
        }),
      );
    }
    const steps = sell ? sellSteps(random) : buySteps(random);
    const [first, ...rest] = steps;
    pending.push({ at: simulated + first!.after, id, version: 2, step: first!, rest });
  };

  console.log(`Simulating a provider's core into ${options.url.origin} for account ${options.account} (seed ${options.seed}); Ctrl-C stops.`);
  while (!stopping && counts.sent < options.limit) {
    const tick = now();
    simulated += (tick - last) * options.speed;
    customerDebt += (tick - last) * options.rate;
    last = tick;
    // Changes that are due go first, then the new arrivals.
    pending.sort((a, b) => a.at - b.at);
    while (pending.length && pending[0]!.at <= simulated) {
      const due = pending.shift()!;
      outbox.push(
        envelope('rampart.transaction.status_changed', {
          id: due.id,
          version: due.version,
          status: due.step.status,
          ...(due.step.failureReason ? { failureReason: due.step.failureReason } : {}),
          ...(due.step.detailedStatus ? { detailedStatus: due.step.detailedStatus } : {}),
          updatedAt: new Date().toISOString(),
        }),
      );
      if (due.step.status === 'completed') counts.completed += 1;
      if (due.step.status === 'failed') counts.failed += 1;
      const [next, ...rest] = due.rest;
      if (next) pending.push({ at: due.at + next.after, id: due.id, version: due.version + 1, step: next, rest });
    }
    while (customerDebt >= 1) {
      customerDebt -= 1;
      // Most arrivals are new customers; some come back.
      const customer = customers.length > 10 && random() < 0.3 ? pick(customers) : newCustomer();
      newTransaction(customer);
    }
    if (outbox.length) {
      const batch = outbox.splice(0, Math.min(outbox.length, options.limit - counts.sent, 1000));
      await send(options, batch, counts);
      console.log(
        `${new Date().toISOString()}  sent ${counts.sent} (accepted ${counts.accepted}, duplicate ${counts.duplicate}, stale ${counts.stale}, refused ${counts.refused}); ${counts.customers} customers, ${counts.transactions} transactions, ${counts.completed} completed, ${counts.failed} failed, ${pending.length} in flight`,
      );
    }
    if (!stopping && counts.sent < options.limit) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Sends one batch; a refusal is printed with its field (the simulator's events should never be refused). */
async function send(options: { url: URL; credential: string }, batch: Array<Record<string, unknown>>, counts: Record<string, number>) {
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/cloudevents-batch+json', authorization: `Bearer ${options.credential}` },
      body: JSON.stringify(batch),
    });
  } catch (error) {
    console.error(`Could not reach ${options.url.origin}: ${(error as Error).message}; is Rampart running?`);
    process.exit(1);
  }
  const body = (await response.json().catch(() => null)) as { results?: Array<{ status: string; error?: unknown }> } | null;
  if (!response.ok || !body?.results) {
    console.error(`Rampart answered ${response.status}: ${JSON.stringify(body)}`);
    process.exit(1);
  }
  counts.sent = (counts.sent ?? 0) + batch.length;
  body.results.forEach((result, index) => {
    counts[result.status] = (counts[result.status] ?? 0) + 1;
    if (result.status === 'refused') console.error(`refused ${String(batch[index]?.type)}: ${JSON.stringify(result.error)}`);
  });
}

void main();
