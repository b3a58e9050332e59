/**
 * Ingestion (docs/ingestion.md): the provider's core sends every change of a transaction or customer as a CloudEvent;
 * this applies them exactly once and in order per entity, and sets off what a change sets off anywhere else in Rampart —
 * the live-mode rows partners see, the dashboard and analytics rollups, and the partner's webhook events.
 *
 * A batch is one database transaction: the inbox takes every valid event in one statement (a redelivery finds its
 * key and changes nothing), the entities it names are locked in one statement each, then each event is compared in
 * memory, in order, with the entity's version so far: newer ones are applied, older ones recorded as stale. The rows,
 * their rollups (transactions' recordBatch) and the webhook events are then written set-based: about twenty
 * statements a batch, whatever its size.
 */
import crypto from 'node:crypto';
import type { WebhookEventType } from '@rampart/shared/enums';
import { addAmounts, parseDecimal } from '@rampart/shared/money';
import { STATUSES_OF, networkOf, type TransactionKind } from '@rampart/shared/transactions';
import type { transactions as transactionsTable } from '../../db/schema/transactions.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { sha256 } from '../../lib/sha256.ts';
import { NO_OPTIONAL_DETAILS, NO_STATUS_DETAILS } from '../../lib/transaction-details.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import { emitWebhookEvents, identityCheckUpdatedEvent, type DomainEvent } from '../webhooks/outbox.ts';
import { validateEvent, type FieldError, type ValidEvent } from './event-types.ts';
import type { CredentialRow, CustomerRow, IngestionRepository, InboxEntry, StaleEntry, TransactionRow } from './ingestion.repository.ts';

/** What became of one event. */
export type EventStatus = 'accepted' | 'duplicate' | 'stale' | 'refused';

/** The answer for one event, in the order the events were sent. */
export interface EventResult {
  /** The event's `id` and `source` as sent (null when it had none). */
  id: string | null;
  source: string | null;
  /**
   * accepted: applied. duplicate: this source and id were already applied or recorded; nothing changed.
   * stale: a version at or below the stored one; recorded in ingestion_stale_events, not applied.
   * refused: invalid, or about an unknown account or transaction; nothing changed, `error` names the field.
   */
  status: EventStatus;
  error?: FieldError;
  /** stale: the version Rampart holds. */
  storedVersion?: number;
}

/** Who sent a batch and how: the credential (null for an operator's import) and the transport. */
export interface IngestContext {
  credentialId: string | null;
  transport: 'http' | 'jetstream' | 'backfill';
}

/** The most active credentials at once: two, so a new one can be deployed before the old one is revoked. */
export const MAX_ACTIVE_CREDENTIALS = 2;
const SECRET_PREFIX = 'rpi_';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const bool = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const date = (value: unknown): Date | null => (typeof value === 'string' ? new Date(value) : null);
const obj = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null);

/** The transaction kind an event type's schema writes. */
const KIND_OF: Record<string, { kind: TransactionKind; isNft: boolean }> = {
  buy_transaction: { kind: 'buy', isNft: false },
  nft_transaction: { kind: 'buy', isNft: true },
  sell_transaction: { kind: 'sell', isNft: false },
  swap_transaction: { kind: 'swap', isNft: false },
  balance_transaction: { kind: 'balance', isNft: false },
};

/**
 * Columns the rollups are keyed or summed by: fixed once a transaction exists, so a rollup is never left counting a
 * value the row no longer has (fixedFieldOf names the data field in the refusal).
 */
const FIXED_COLUMNS: Array<keyof TransactionRow> = [
  'createdAt',
  'customerId',
  'baseCurrencyCode',
  'quoteCurrencyCode',
  'fiatCurrencyCode',
  'amount',
  'extraFeeAmount',
  'usdRate',
  'eurRate',
  'gbpRate',
  'paymentMethod',
  'country',
  'balanceType',
];

/** The data field a fixed column comes from, in the kind's schema. */
function fixedFieldOf(kind: TransactionKind, column: keyof TransactionRow): string {
  if (kind === 'balance' && (column === 'baseCurrencyCode' || column === 'fiatCurrencyCode')) return 'currencyCode';
  if (column === 'balanceType') return 'type';
  if (column === 'fiatCurrencyCode') return kind === 'sell' ? 'quoteCurrencyCode' : 'baseCurrencyCode';
  if (column === 'amount') return kind === 'sell' ? 'quoteCurrencyAmount' : kind === 'balance' ? 'amount' : 'baseCurrencyAmount';
  return column;
}

type NewTransactionValues = typeof transactionsTable.$inferInsert;

/** The row a whole-state transaction event describes (live mode: ingestion is the provider's real business). */
type TransactionValues = Omit<NewTransactionValues, 'statusHistory'> & {
  id: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  externalCustomerId: string | null;
};

function transactionValues(event: ValidEvent): TransactionValues {
  const d = event.data;
  const { kind, isNft } = KIND_OF[event.schema]!;
  const createdAt = date(d.createdAt)!;
  const common = {
    id: str(d.id)!,
    accountId: str(d.accountId)!,
    liveMode: true,
    kind,
    isNft,
    status: str(d.status)!,
    failureReason: str(d.failureReason),
    createdAt,
    updatedAt: date(d.updatedAt) ?? createdAt,
    customerId: str(d.customerId),
    externalCustomerId: str(d.externalCustomerId),
    externalTransactionId: str(d.externalTransactionId),
    usdRate: str(d.usdRate)!,
    eurRate: str(d.eurRate)!,
    gbpRate: str(d.gbpRate)!,
    country: str(d.country),
    feeAmount: str(d.feeAmount) ?? '0',
    version: d.version as number,
  };
  if (kind === 'balance') {
    const currency = str(d.currencyCode)!;
    const amount = str(d.amount)!;
    return {
      ...common,
      balanceType: str(d.type),
      baseCurrencyCode: currency,
      fiatCurrencyCode: currency,
      amount,
      baseCurrencyAmount: amount,
      paymentMethod: 'fiatBalance',
    };
  }
  const base = str(d.baseCurrencyCode)!;
  const quote = str(d.quoteCurrencyCode);
  const baseAmount = str(d.baseCurrencyAmount)!;
  const quoteAmount = str(d.quoteCurrencyAmount);
  const shared = {
    ...common,
    baseCurrencyCode: base,
    quoteCurrencyCode: quote,
    baseCurrencyAmount: baseAmount,
    quoteCurrencyAmount: quoteAmount,
    networkFeeAmount: str(d.networkFeeAmount) ?? '0',
    walletAddress: str(d.walletAddress),
    refundWalletAddress: str(d.refundWalletAddress),
  };
  if (kind === 'swap') {
    return {
      ...shared,
      // As the generator writes them: a swap's "fiat" side is its base crypto.
      fiatCurrencyCode: base,
      amount: baseAmount,
      networkCode: str(d.networkCode) ?? networkOf(base),
      quote: obj(d.quote),
      depositWalletAddress: str(d.depositWalletAddress),
      refundTransactionHash: str(d.refundTransactionHash),
    };
  }
  const ramp = {
    ...shared,
    detailedStatus: str(d.detailedStatus),
    pendingActionStatus: str(d.pendingActionStatus),
    isWaitingKyc: bool(d.isWaitingKyc) ?? false,
    flow: str(d.flow),
    isQuoteExpired: bool(d.isQuoteExpired) ?? false,
    extraFeeAmount: str(d.extraFeeAmount) ?? '0',
    paymentMethod: str(d.paymentMethod),
    cryptoTransactionId: str(d.cryptoTransactionId),
    walletAddressTag: str(d.walletAddressTag),
    userAgent: str(d.userAgent),
  };
  if (kind === 'sell') {
    // A sell's amount is its fiat value before fees, as the generator writes it.
    return {
      ...ramp,
      fiatCurrencyCode: quote!,
      amount: addAmounts(quoteAmount!, ramp.feeAmount),
      networkCode: str(d.networkCode) ?? networkOf(base),
      originalBaseCurrencyAmount: str(d.originalBaseCurrencyAmount),
      depositHash: str(d.depositHash),
      refundApprovalStatus: str(d.refundApprovalStatus),
      refundHash: str(d.refundHash),
      cancelledAt: date(d.cancelledAt),
      refundApprovedAt: date(d.refundApprovedAt),
    };
  }
  return {
    ...ramp,
    fiatCurrencyCode: base,
    amount: baseAmount,
    networkCode: str(d.networkCode) ?? networkOf(quote),
    nftTransaction: obj(d.nftTransaction),
    defiBuyTransaction: obj(d.defiBuyTransaction),
  };
}

const sameValue = (a: unknown, b: unknown): boolean => {
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a === 'string' && typeof b === 'string' && /^\d/.test(a) && /^\d/.test(b) && /^[\d.]+$/.test(a + b)) return parseDecimal(a).eq(parseDecimal(b));
  return (a ?? null) === (b ?? null);
};

/** What a partner sees of a change, without its time: a version that changes none of it sends no webhook. */
function visible(data: Record<string, unknown>): string {
  const { updatedAt: _updatedAt, ...rest } = data;
  return JSON.stringify(rest);
}

/** The event of a change that is not a status change, per kind (swaps have none in the spec's list). */
const UPDATED_EVENT: Record<TransactionKind, WebhookEventType | null> = {
  buy: 'transaction_updated',
  sell: 'sell_transaction_updated',
  balance: 'balance_transaction_updated',
  swap: null,
};

/** The columns a new transaction row takes from its table's defaults when the event does not set them. */
const TRANSACTION_DEFAULTS: TransactionRow = {
  id: '',
  accountId: '',
  liveMode: true,
  kind: 'buy',
  balanceType: null,
  isNft: false,
  status: '',
  ...NO_STATUS_DETAILS,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  customerId: null,
  externalCustomerId: null,
  externalTransactionId: null,
  baseCurrencyCode: '',
  quoteCurrencyCode: null,
  fiatCurrencyCode: '',
  amount: '0',
  baseCurrencyAmount: '0',
  quoteCurrencyAmount: null,
  originalBaseCurrencyAmount: null,
  feeAmount: '0',
  extraFeeAmount: '0',
  networkFeeAmount: '0',
  usdRate: '1',
  eurRate: '1',
  gbpRate: '1',
  paymentMethod: null,
  route: null,
  country: null,
  networkCode: null,
  cryptoTransactionId: null,
  walletAddress: null,
  ...NO_OPTIONAL_DETAILS,
  statusHistory: [],
  version: 0,
};

/** A batch being applied: each entity's row before the batch (null: new) and now, and what it sets off. */
interface Batch {
  knownAccounts: Set<string>;
  transactions: Map<string, { before: TransactionRow | null; row: TransactionRow }>;
  customers: Map<string, { before: CustomerRow | null; row: CustomerRow }>;
  files: Map<string, Array<{ type: string; reviewResult: string | null }>>;
  webhooks: DomainEvent[];
}

class ConcurrentInsert extends Error {}

class Refusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function createIngestionService(deps: { repository: IngestionRepository; transactions: TransactionsService }) {
  const { repository, transactions } = deps;
  const db = repository.db;

  /** Applies a batch of CloudEvents (structured mode, already parsed from JSON); one result per event, in order. */
  async function ingestEvents(events: unknown[], ctx: IngestContext): Promise<EventResult[]> {
    const checked = events.map((event) => validateEvent(event));
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await applyBatch(events, checked, ctx);
      } catch (error) {
        // A concurrent batch created one of our new entities between our look and our insert: look again.
        if (!(error instanceof ConcurrentInsert) || attempt === 3) throw error;
      }
    }
  }

  async function applyBatch(events: unknown[], checked: ReturnType<typeof validateEvent>[], ctx: IngestContext): Promise<EventResult[]> {
    const results: EventResult[] = events.map((event, index) => {
      const record = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
      const check = checked[index]!;
      return {
        id: typeof record.id === 'string' ? record.id : null,
        source: typeof record.source === 'string' ? record.source : null,
        status: 'error' in check ? 'refused' : 'accepted',
        ...('error' in check ? { error: check.error } : {}),
      };
    });
    // The same source and id twice in one batch: the first counts, the others are its redeliveries.
    const seen = new Set<string>();
    const unique: Array<{ index: number; event: ValidEvent }> = [];
    checked.forEach((check, index) => {
      if ('error' in check) return;
      const k = repository.key(check.event.source, check.event.id);
      if (seen.has(k)) results[index]!.status = 'duplicate';
      else {
        seen.add(k);
        unique.push({ index, event: check.event });
      }
    });
    if (unique.length === 0) return results;

    await db.transaction(async (tx) => {
      const entries: InboxEntry[] = unique.map(({ event }) => ({ source: event.source, id: event.id, type: event.type, entityId: str(event.data.id)! }));
      const fresh = await repository.takeIntoInbox(tx, entries, ctx.credentialId);
      const firstDeliveries = unique.filter(({ index, event }) => {
        if (fresh.has(repository.key(event.source, event.id))) return true;
        results[index]!.status = 'duplicate';
        return false;
      });
      if (firstDeliveries.length === 0) return;

      const accountIds = [...new Set(firstDeliveries.map(({ event }) => str(event.data.accountId)).filter((id): id is string => id !== null))];
      const customerIds = firstDeliveries.flatMap(({ event }) =>
        event.schema === 'customer' ? [str(event.data.id)!] : [str(event.data.customerId)].filter((id): id is string => id !== null),
      );
      const transactionIds = firstDeliveries.filter(({ event }) => event.schema !== 'customer').map(({ event }) => str(event.data.id)!);
      // One connection: one statement after the other. Customers before transactions in every batch (no deadlock).
      const knownAccounts = await repository.existingAccounts(tx, accountIds);
      const lockedCustomers = await repository.lockCustomers(tx, [...new Set(customerIds)]);
      const lockedTransactions = await repository.lockTransactions(tx, [...new Set(transactionIds)]);

      // Each event in order against the state so far (a later version in the same batch sees an earlier one); the
      // writes below then take every entity from its state before the batch to its state after it, set-based.
      const batch: Batch = {
        knownAccounts,
        transactions: new Map(lockedTransactions.map((row) => [row.id, { before: row, row }])),
        customers: new Map(lockedCustomers.map((row) => [row.id, { before: row, row }])),
        files: new Map(),
        webhooks: [],
      };
      const released: Array<{ source: string; id: string }> = [];
      const stale: StaleEntry[] = [];
      for (const { index, event } of firstDeliveries) {
        try {
          const outcome =
            event.schema === 'customer'
              ? applyCustomer(batch, event)
              : event.schema === 'transaction_status'
                ? applyStatus(batch, event)
                : applyTransaction(batch, event);
          if (outcome.stale !== undefined) {
            Object.assign(results[index]!, { status: 'stale', storedVersion: outcome.stale });
            const data = event.data;
            stale.push({
              source: event.source,
              id: event.id,
              type: event.type,
              entityId: str(data.id)!,
              version: data.version as number,
              storedVersion: outcome.stale,
              data,
            });
          }
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          Object.assign(results[index]!, { status: 'refused', error: { field: error.field, message: error.message } });
          released.push({ source: event.source, id: event.id });
        }
      }

      const changedCustomers = [...batch.customers.values()].filter((entry) => entry.row !== entry.before);
      const newCustomers = changedCustomers.filter((entry) => !entry.before).map((entry) => entry.row);
      if ((await repository.insertCustomers(tx, newCustomers)) !== newCustomers.length) throw new ConcurrentInsert();
      await repository.updateCustomers(
        tx,
        changedCustomers.filter((entry) => entry.before).map((entry) => entry.row),
      );
      await repository.replaceFiles(tx, batch.files);
      const changedTransactions = [...batch.transactions.values()].filter((entry) => entry.row !== entry.before);
      const newTransactions = changedTransactions.filter((entry) => !entry.before).map((entry) => entry.row);
      if ((await repository.insertTransactions(tx, newTransactions)) !== newTransactions.length) throw new ConcurrentInsert();
      await repository.updateTransactions(
        tx,
        changedTransactions.filter((entry) => entry.before).map((entry) => entry.row),
      );
      await transactions.recordBatch(
        tx,
        changedTransactions
          .filter((entry) => !entry.before || entry.before.status !== entry.row.status || entry.before.failureReason !== entry.row.failureReason)
          .map((entry) => ({ id: entry.row.id, previous: entry.before ? { status: entry.before.status, failureReason: entry.before.failureReason } : null })),
      );
      await emitWebhookEvents(tx, batch.webhooks);
      await repository.releaseFromInbox(tx, released);
      await repository.recordStale(tx, stale);
    });
    return results;
  }

  function applyTransaction(batch: Batch, event: ValidEvent): { stale?: number } {
    const values = transactionValues(event);
    if (!batch.knownAccounts.has(values.accountId)) throw new Refusal('data.accountId', 'No Rampart account has this id.');
    if (values.customerId) {
      const customer = batch.customers.get(values.customerId)?.row;
      if (!customer || customer.accountId !== values.accountId || !customer.liveMode)
        throw new Refusal('data.customerId', 'No customer of this account has this id: send its rampart.customer.created event first.');
      values.externalCustomerId ??= customer.externalCustomerId;
      // A customer erased on request (customer-admin) keeps its tombstone on every transaction the core sends later.
      if (customer.isDeleted) Object.assign(values, { externalCustomerId: customer.externalCustomerId, userAgent: null });
    }
    if (!STATUSES_OF[values.kind].includes(values.status)) throw new Refusal('data.status', `Not a status of a ${values.kind} transaction.`);
    const entry = batch.transactions.get(values.id);
    if (!entry) {
      const row: TransactionRow = { ...TRANSACTION_DEFAULTS, ...values, statusHistory: [{ status: values.status, at: values.updatedAt.toISOString() }] };
      batch.transactions.set(row.id, { before: null, row });
      webhook(batch, row, transactions.webhookEventFor(row.kind, null, row.status), null);
      return {};
    }
    const current = entry.row;
    checkSameEntity(current, values.accountId);
    if (current.kind !== values.kind || current.isNft !== values.isNft)
      throw new Refusal('type', `This transaction is a ${current.isNft ? 'nft' : current.kind} transaction.`);
    if (values.version <= current.version) return { stale: current.version };
    for (const column of FIXED_COLUMNS) {
      if (!sameValue(current[column], values[column as keyof typeof values]))
        throw new Refusal(
          `data.${fixedFieldOf(current.kind, column)}`,
          'Fixed once the transaction exists (its dashboard totals count it): send a new transaction instead.',
        );
    }
    const next: TransactionRow = {
      ...current,
      ...values,
      // Set by Rampart's own staff actions, which the provider's state does not carry.
      cancelledBy: current.cancelledBy,
      refundApprovedBy: current.refundApprovedBy,
      statusHistory:
        values.status !== current.status ? [...current.statusHistory, { status: values.status, at: values.updatedAt.toISOString() }] : current.statusHistory,
    };
    entry.row = next;
    afterChange(batch, current, next);
    return {};
  }

  function applyStatus(batch: Batch, event: ValidEvent): { stale?: number } {
    const d = event.data;
    const entry = batch.transactions.get(str(d.id)!);
    if (!entry || !entry.row.liveMode)
      throw new Refusal('data.id', 'No transaction has this id: send its …transaction.created event first, then this one again.');
    const current = entry.row;
    if ((d.version as number) <= current.version) return { stale: current.version };
    const status = str(d.status)!;
    if (!STATUSES_OF[current.kind].includes(status))
      throw new Refusal('data.status', `Not a status of a ${current.kind} transaction: ${STATUSES_OF[current.kind].join(', ')}.`);
    const updatedAt = date(d.updatedAt) ?? new Date();
    const next: TransactionRow = {
      ...current,
      version: d.version as number,
      status,
      updatedAt,
      ...(d.failureReason !== undefined ? { failureReason: str(d.failureReason) } : {}),
      ...(d.detailedStatus !== undefined ? { detailedStatus: str(d.detailedStatus) } : {}),
      ...(d.pendingActionStatus !== undefined ? { pendingActionStatus: str(d.pendingActionStatus) } : {}),
      statusHistory: status !== current.status ? [...current.statusHistory, { status, at: updatedAt.toISOString() }] : current.statusHistory,
    };
    entry.row = next;
    afterChange(batch, current, next);
    return {};
  }

  /** The partner's webhook event of a change (none when nothing they see changed). */
  function afterChange(batch: Batch, before: TransactionRow, after: TransactionRow): void {
    if (before.status !== after.status) webhook(batch, after, transactions.webhookEventFor(after.kind, before.status, after.status), before.status);
    else if (visible(transactions.webhookEventData(before, null)) !== visible(transactions.webhookEventData(after, null)))
      webhook(batch, after, UPDATED_EVENT[after.kind], before.status);
  }

  function webhook(batch: Batch, row: TransactionRow, type: WebhookEventType | null, previousStatus: string | null) {
    if (!type) return;
    batch.webhooks.push({
      accountId: row.accountId,
      liveMode: row.liveMode,
      type,
      data: transactions.webhookEventData(row, previousStatus),
      externalCustomerId: row.externalCustomerId,
    });
  }

  /** What stays of a customer erased on request, whatever a later event says. */
  const erased = (row: CustomerRow) =>
    ({ email: null, firstName: null, lastName: null, country: null, externalCustomerId: row.externalCustomerId, isDeleted: true }) as const;

  function applyCustomer(batch: Batch, event: ValidEvent): { stale?: number } {
    const d = event.data;
    const accountId = str(d.accountId)!;
    if (!batch.knownAccounts.has(accountId)) throw new Refusal('data.accountId', 'No Rampart account has this id.');
    const check = obj(d.identityCheck)!;
    const createdAt = date(d.createdAt)!;
    const updatedAt = date(d.updatedAt) ?? createdAt;
    const isBlocked = bool(d.isBlocked) ?? false;
    const values = {
      id: str(d.id)!,
      accountId,
      liveMode: true,
      externalCustomerId: str(d.externalCustomerId),
      email: str(d.email),
      firstName: str(d.firstName),
      lastName: str(d.lastName),
      country: str(d.country),
      defaultCurrency: str(d.defaultCurrency),
      kycLevel: str(check.level)!,
      identityCheckStatus: str(check.status)!,
      identityCheckResult: str(check.result),
      isBlocked,
      isDeleted: bool(d.isDeleted) ?? false,
      createdAt,
      updatedAt,
      version: d.version as number,
    };
    const files = Array.isArray(d.files)
      ? (d.files as Array<{ type: string; reviewResult?: string | null }>).map((f) => ({ type: f.type, reviewResult: f.reviewResult ?? null }))
      : null;
    const entry = batch.customers.get(values.id);
    if (!entry) {
      const row: CustomerRow = { ...values, blockedAt: isBlocked ? updatedAt : null, blockedBy: null };
      batch.customers.set(row.id, { before: null, row });
      if (files) batch.files.set(row.id, files);
      return {};
    }
    const current = entry.row;
    checkSameEntity(current, accountId);
    if (values.version <= current.version) return { stale: current.version };
    if (!sameValue(current.createdAt, values.createdAt)) throw new Refusal('data.createdAt', 'Fixed once the customer exists.');
    const next: CustomerRow = {
      ...current,
      ...values,
      ...(isBlocked !== current.isBlocked ? { blockedAt: isBlocked ? updatedAt : null, blockedBy: null } : {}),
      // Erased on request (customer-admin): the core's later versions change its state, never bring its personal data back.
      ...(current.isDeleted ? erased(current) : {}),
    };
    entry.row = next;
    if (files && !current.isDeleted) batch.files.set(next.id, files);
    const checkChanged =
      current.kycLevel !== next.kycLevel ||
      current.identityCheckStatus !== next.identityCheckStatus ||
      current.identityCheckResult !== next.identityCheckResult ||
      current.isBlocked !== next.isBlocked;
    if (checkChanged) {
      batch.webhooks.push(identityCheckUpdatedEvent(next));
    }
    return {};
  }

  /** An entity never moves between accounts, and test-mode rows are not the provider's to change. */
  function checkSameEntity(row: { accountId: string; liveMode: boolean }, accountId: string) {
    if (!row.liveMode) throw new Refusal('data.id', 'A test-mode record has this id; ingestion writes live mode only.');
    if (row.accountId !== accountId) throw new Refusal('data.accountId', 'This id belongs to another account; an entity never moves between accounts.');
  }

  // Credentials

  async function createCredential(input: { name: string; createdBy: string }): Promise<{ credential: CredentialRow; secret: string }> {
    const name = input.name.trim();
    if (!name) throw badInput({ name: 'Give the credential a name, such as "Core (eu-west-1)".' });
    if (name.length > 100) throw badInput({ name: 'Use at most 100 characters.' });
    const secret = `${SECRET_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    return db.transaction(async (tx) => {
      await repository.lockCredentials(tx);
      const active = await repository.activeCredentials(tx);
      if (active.length >= MAX_ACTIVE_CREDENTIALS) {
        throw new AppError(
          'CONFLICT',
          `There are already ${MAX_ACTIVE_CREDENTIALS} active ingestion credentials (${active.map((c) => `"${c.name}"`).join(' and ')}): revoke one before creating another.`,
        );
      }
      const credential = await repository.insertCredential(tx, {
        name,
        secretHash: sha256(secret),
        secretPrefix: secret.slice(0, SECRET_PREFIX.length + 6),
        createdBy: input.createdBy.slice(0, 300),
      });
      return { credential, secret };
    });
  }

  async function revokeCredential(id: string): Promise<CredentialRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('The ingestion credential');
    const row = await db.transaction(async (tx) => {
      await repository.lockCredentials(tx);
      return repository.revokeCredential(tx, id);
    });
    if (!row) throw notFound('The ingestion credential');
    return row;
  }

  /** The active credential a secret belongs to, or null (unknown, revoked, or not an ingestion secret at all). */
  async function authenticate(secret: string): Promise<CredentialRow | null> {
    if (!secret.startsWith(SECRET_PREFIX) || secret.length > 200) return null;
    const credential = await repository.credentialBySecretHash(sha256(secret));
    if (credential) repository.touchCredential(credential.id).catch(() => {});
    return credential;
  }

  return {
    ingestEvents,
    authenticate,
    createCredential,
    revokeCredential,
    listCredentials: () => repository.listCredentials(),
  };
}

export type IngestionService = ReturnType<typeof createIngestionService>;
export type { FieldError };
