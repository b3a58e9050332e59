/**
 * Ingestion (docs/ingestion.md): the provider's core sends every change of a transaction or customer as a CloudEvent;
 * this applies them exactly once and in order per entity, and sets off what a change sets off anywhere else in Rampart —
 * the live-mode rows partners see, the dashboard and analytics rollups, and the partner's webhook events.
 *
 * A batch is one database transaction: the inbox takes every valid event in one statement (a redelivery finds its
 * key and changes nothing), the entities it names are locked in one statement each, then each event is compared with
 * the stored version: newer ones are applied, older ones recorded as stale.
 */
import crypto from 'node:crypto';
import type { WebhookEventType } from '@rampart/shared/enums';
import { addAmounts, parseDecimal } from '@rampart/shared/money';
import { STATUSES_OF, networkOf, type TransactionKind } from '@rampart/shared/transactions';
import type { Executor } from '../../db/executor.ts';
import type { transactions as transactionsTable } from '../../db/schema/transactions.ts';
import { AppError, badInput, notFound } from '../../graphql/errors.ts';
import { sha256 } from '../../lib/sha256.ts';
import type { TransactionsService } from '../transactions/transactions.service.ts';
import { emitWebhookEvent } from '../webhooks/outbox.ts';
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

type Data = Record<string, unknown>;
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
 * value the row no longer has. The data field each comes from names it in the refusal.
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

class Refusal extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

export function createIngestionService(deps: { repository: IngestionRepository; transactions: TransactionsService }) {
  const { repository, transactions } = deps;
  const db = repository.db;

  /** Applies a batch of CloudEvents (structured mode, already parsed from JSON); one result per event, in order. */
  async function ingestEvents(events: unknown[], ctx: IngestContext): Promise<EventResult[]> {
    const results: EventResult[] = events.map((event) => {
      const record = typeof event === 'object' && event !== null ? (event as Record<string, unknown>) : {};
      return { id: typeof record.id === 'string' ? record.id : null, source: typeof record.source === 'string' ? record.source : null, status: 'accepted' };
    });
    const valid: Array<{ index: number; event: ValidEvent }> = [];
    events.forEach((event, index) => {
      const checked = validateEvent(event);
      if ('error' in checked) Object.assign(results[index]!, { status: 'refused', error: checked.error });
      else valid.push({ index, event: checked.event });
    });
    if (valid.length === 0) return results;

    // The same source and id twice in one batch: the first counts, the others are its redeliveries.
    const seen = new Set<string>();
    const unique = valid.filter(({ index, event }) => {
      const k = repository.key(event.source, event.id);
      if (seen.has(k)) {
        results[index]!.status = 'duplicate';
        return false;
      }
      seen.add(k);
      return true;
    });

    await db.transaction(async (tx) => {
      const entries: InboxEntry[] = unique.map(({ event }) => ({ source: event.source, id: event.id, type: event.type, entityId: str(event.data.id)! }));
      const fresh = await repository.takeIntoInbox(tx, entries, ctx.credentialId);
      const todo = unique.filter(({ index, event }) => {
        if (fresh.has(repository.key(event.source, event.id))) return true;
        results[index]!.status = 'duplicate';
        return false;
      });
      if (todo.length === 0) return;

      const accountIds = [...new Set(todo.map(({ event }) => str(event.data.accountId)).filter((id): id is string => id !== null))];
      const customerEventIds = todo.filter(({ event }) => event.schema === 'customer').map(({ event }) => str(event.data.id)!);
      const referencedCustomers = todo.map(({ event }) => str(event.data.customerId)).filter((id): id is string => id !== null);
      const transactionIds = todo.filter(({ event }) => event.schema !== 'customer').map(({ event }) => str(event.data.id)!);
      // One connection: one statement after the other. Customers before transactions, in every batch (no deadlock).
      const knownAccounts = await repository.existingAccounts(tx, accountIds);
      const lockedCustomers = await repository.lockCustomers(tx, [...new Set([...customerEventIds, ...referencedCustomers])]);
      const lockedTransactions = await repository.lockTransactions(tx, [...new Set(transactionIds)]);
      const txById = new Map(lockedTransactions.map((row) => [row.id, row]));
      const customerById = new Map(lockedCustomers.map((row) => [row.id, row]));

      const released: Array<{ source: string; id: string }> = [];
      const stale: StaleEntry[] = [];
      for (const { index, event } of todo) {
        try {
          const outcome =
            event.schema === 'customer'
              ? await applyCustomer(tx, event, { knownAccounts, customerById })
              : event.schema === 'transaction_status'
                ? await applyStatus(tx, event, txById)
                : await applyTransaction(tx, event, { knownAccounts, txById, customerById });
          if (outcome.stale !== undefined) {
            results[index]!.status = 'stale';
            results[index]!.storedVersion = outcome.stale;
            stale.push({
              source: event.source,
              id: event.id,
              type: event.type,
              entityId: str(event.data.id)!,
              version: event.data.version as number,
              storedVersion: outcome.stale,
              data: event.data,
            });
          }
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          Object.assign(results[index]!, { status: 'refused', error: { field: error.field, message: error.message } });
          released.push({ source: event.source, id: event.id });
        }
      }
      await repository.releaseFromInbox(tx, released);
      await repository.recordStale(tx, stale);
    });
    return results;
  }

  async function applyTransaction(
    tx: Executor,
    event: ValidEvent,
    state: { knownAccounts: Set<string>; txById: Map<string, TransactionRow>; customerById: Map<string, CustomerRow> },
  ): Promise<{ stale?: number }> {
    const values = transactionValues(event);
    if (!state.knownAccounts.has(values.accountId)) throw new Refusal('data.accountId', 'No Rampart account has this id.');
    if (values.customerId) {
      const customer = state.customerById.get(values.customerId);
      if (!customer || customer.accountId !== values.accountId || !customer.liveMode)
        throw new Refusal('data.customerId', 'No customer of this account has this id: send its rampart.customer.created event first.');
      values.externalCustomerId ??= customer.externalCustomerId;
    }
    if (!STATUSES_OF[values.kind].includes(values.status)) throw new Refusal('data.status', `Not a status of a ${values.kind} transaction.`);
    let current = state.txById.get(values.id);
    if (!current) {
      const inserted = await repository.insertTransaction(tx, {
        ...values,
        statusHistory: [{ status: values.status, at: values.updatedAt.toISOString() }],
      });
      if (inserted) {
        state.txById.set(inserted.id, inserted);
        await transactions.recordCreated(tx, inserted.id);
        await emit(tx, inserted, transactions.webhookEventFor(inserted.kind, null, inserted.status), null);
        return {};
      }
      // Inserted by a concurrent batch since we looked: compare with it as with any stored version.
      [current] = await repository.lockTransactions(tx, [values.id]);
    }
    const row = current!;
    checkSameEntity(row, values.accountId);
    if (row.kind !== values.kind || row.isNft !== values.isNft) throw new Refusal('type', `This transaction is a ${row.isNft ? 'nft' : row.kind} transaction.`);
    if (values.version <= row.version) return { stale: row.version };
    for (const column of FIXED_COLUMNS) {
      if (!sameValue(row[column], values[column as keyof typeof values]))
        throw new Refusal(
          `data.${fixedFieldOf(row.kind, column)}`,
          'Fixed once the transaction exists (its dashboard totals count it): send a new transaction instead.',
        );
    }
    const { id: _id, accountId: _accountId, liveMode: _liveMode, kind: _kind, isNft: _isNft, ...changes } = values;
    const statusChanged = changes.status !== row.status;
    const updated = await repository.updateTransaction(tx, row.id, {
      ...changes,
      ...(statusChanged ? { statusHistory: [...row.statusHistory, { status: changes.status!, at: changes.updatedAt!.toISOString() }] } : {}),
    });
    state.txById.set(updated.id, updated);
    await afterChange(tx, row, updated);
    return {};
  }

  async function applyStatus(tx: Executor, event: ValidEvent, txById: Map<string, TransactionRow>): Promise<{ stale?: number }> {
    const d = event.data;
    const row = txById.get(str(d.id)!);
    if (!row || !row.liveMode) throw new Refusal('data.id', 'No transaction has this id: send its …transaction.created event first, then this one again.');
    if ((d.version as number) <= row.version) return { stale: row.version };
    const status = str(d.status)!;
    if (!STATUSES_OF[row.kind].includes(status)) throw new Refusal('data.status', `Not a status of a ${row.kind} transaction: ${STATUSES_OF[row.kind].join(', ')}.`);
    const updatedAt = date(d.updatedAt) ?? new Date();
    const statusChanged = status !== row.status;
    const updated = await repository.updateTransaction(tx, row.id, {
      version: d.version as number,
      status,
      updatedAt,
      ...(d.failureReason !== undefined ? { failureReason: str(d.failureReason) } : {}),
      ...(d.detailedStatus !== undefined ? { detailedStatus: str(d.detailedStatus) } : {}),
      ...(d.pendingActionStatus !== undefined ? { pendingActionStatus: str(d.pendingActionStatus) } : {}),
      ...(statusChanged ? { statusHistory: [...row.statusHistory, { status, at: updatedAt.toISOString() }] } : {}),
    });
    txById.set(updated.id, updated);
    await afterChange(tx, row, updated);
    return {};
  }

  /** Rollups and the partner's webhook event of a stored transaction's change (nothing when nothing they see changed). */
  async function afterChange(tx: Executor, before: TransactionRow, after: TransactionRow): Promise<void> {
    if (before.status !== after.status || before.failureReason !== after.failureReason)
      await transactions.recordStatusChange(tx, after.id, { status: before.status, failureReason: before.failureReason });
    if (before.status !== after.status) {
      await emit(tx, after, transactions.webhookEventFor(after.kind, before.status, after.status), before.status);
    } else if (visible(transactions.webhookEventData(before, null)) !== visible(transactions.webhookEventData(after, null))) {
      await emit(tx, after, UPDATED_EVENT[after.kind], before.status);
    }
  }

  async function emit(tx: Executor, row: TransactionRow, type: WebhookEventType | null, previousStatus: string | null) {
    if (!type) return;
    await emitWebhookEvent(tx, {
      accountId: row.accountId,
      liveMode: row.liveMode,
      type,
      data: transactions.webhookEventData(row, previousStatus),
      externalCustomerId: row.externalCustomerId,
    });
  }

  async function applyCustomer(
    tx: Executor,
    event: ValidEvent,
    state: { knownAccounts: Set<string>; customerById: Map<string, CustomerRow> },
  ): Promise<{ stale?: number }> {
    const d = event.data;
    const accountId = str(d.accountId)!;
    if (!state.knownAccounts.has(accountId)) throw new Refusal('data.accountId', 'No Rampart account has this id.');
    const check = obj(d.identityCheck)!;
    const createdAt = date(d.createdAt)!;
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
      updatedAt: date(d.updatedAt) ?? createdAt,
      version: d.version as number,
    };
    const files = Array.isArray(d.files) ? (d.files as Array<{ type: string; reviewResult?: string | null }>) : null;
    let current = state.customerById.get(values.id);
    if (!current) {
      const inserted = await repository.insertCustomer(tx, { ...values, blockedAt: isBlocked ? values.updatedAt : null });
      if (inserted) {
        state.customerById.set(inserted.id, inserted);
        if (files) await repository.replaceCustomerFiles(tx, inserted.id, files.map((file) => ({ type: file.type, reviewResult: file.reviewResult ?? null })));
        return {};
      }
      [current] = await repository.lockCustomers(tx, [values.id]);
    }
    const row = current!;
    checkSameEntity(row, accountId);
    if (values.version <= row.version) return { stale: row.version };
    if (!sameValue(row.createdAt, values.createdAt)) throw new Refusal('data.createdAt', 'Fixed once the customer exists.');
    const { id: _id, accountId: _accountId, liveMode: _liveMode, ...changes } = values;
    const updated = await repository.updateCustomer(tx, row.id, {
      ...changes,
      ...(isBlocked !== row.isBlocked ? { blockedAt: isBlocked ? values.updatedAt : null, blockedBy: null } : {}),
    });
    state.customerById.set(updated.id, updated);
    if (files) await repository.replaceCustomerFiles(tx, row.id, files.map((file) => ({ type: file.type, reviewResult: file.reviewResult ?? null })));
    const checkChanged =
      row.kycLevel !== updated.kycLevel ||
      row.identityCheckStatus !== updated.identityCheckStatus ||
      row.identityCheckResult !== updated.identityCheckResult ||
      row.isBlocked !== updated.isBlocked;
    if (checkChanged) {
      // The same payload as a staff block or unblock sends (transactions.service.ts).
      await emitWebhookEvent(tx, {
        accountId: updated.accountId,
        liveMode: updated.liveMode,
        type: 'identity_check_updated',
        data: {
          customerId: updated.id,
          externalCustomerId: updated.externalCustomerId,
          isBlocked: updated.isBlocked,
          level: updated.isBlocked ? 'Blocked' : updated.kycLevel,
          status: updated.identityCheckStatus,
        },
        externalCustomerId: updated.externalCustomerId,
      });
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
