// Staff run partners' customers (issue 35): view any customer, edit it, decide or reset its identity check, erase it on
// request, and work the enhanced due diligence queue. Who may do each is the @staff directive's check; this checks
// what the customer's state allows.
import { z } from 'zod';
import {
  deletedCustomerTombstone,
  eddNoteSchema,
  IDENTITY_CHECK_DECISIONS,
  staffCustomerEditSchema,
  staffReasonSchema,
  type IdentityCheckDecision,
} from '@rampart/shared/customer-admin';
import { AppError, notFound } from '../../graphql/errors.ts';
import { parseInput } from '../../graphql/validate.ts';
import { withAuditChange } from '../../lib/audit-words.ts';
import { emitWebhookEvent, identityCheckUpdatedEvent } from '../webhooks/outbox.ts';
import type { Executor } from '../../db/executor.ts';
import type { CustomerAdminRepository, CustomerChanges, EddReviewRow, StaffCustomerRow } from './customer-admin.repository.ts';

const MAX_TAKE = 100;
const pageArgs = z.object({
  searchString: z.string().trim().max(200, 'A search is at most 200 characters').nullish(),
  skip: z.number().int().min(0, 'skip cannot be negative').max(100_000, 'skip is at most 100,000').nullish(),
  take: z.number().int().min(1, 'take is at least 1').max(MAX_TAKE, `take is at most ${MAX_TAKE}`).nullish(),
});

export interface ListPage<T> {
  items: T[];
  hasMore: boolean;
  skip: number;
  take: number;
}

export type EddQueuePage = ListPage<EddReviewRow> & { pendingCount: Promise<number> };

/** The personal data an edit can change, as kept before and after in the audit trail. */
function personalData(row: StaffCustomerRow): Record<string, unknown> {
  return { email: row.email, firstName: row.firstName, lastName: row.lastName, country: row.country };
}

function identityCheck(row: StaffCustomerRow): Record<string, unknown> {
  return { level: row.kycLevel, status: row.identityCheckStatus, result: row.identityCheckResult };
}

export function createCustomerAdminService({ repository, eddThresholdUsd }: { repository: CustomerAdminRepository; eddThresholdUsd: string }) {
  const { db } = repository;

  async function lockLive(tx: Executor, id: string): Promise<StaffCustomerRow> {
    const customer = await repository.lockCustomer(tx, id);
    if (!customer) throw notFound('The customer');
    if (customer.isDeleted) throw new AppError('CONFLICT', 'This customer was deleted; its personal data is gone and it cannot be changed.');
    return customer;
  }

  /** Partners hear of a change to a customer's identity check. */
  async function identityCheckUpdated(tx: Executor, row: StaffCustomerRow) {
    await emitWebhookEvent(tx, identityCheckUpdatedEvent(row));
  }

  async function reloaded(tx: Executor, id: string): Promise<StaffCustomerRow> {
    return (await repository.customer(id, tx))!;
  }

  return {
    async customers(input: { searchString?: string | null; skip?: number | null; take?: number | null }): Promise<ListPage<StaffCustomerRow>> {
      const args = parseInput(pageArgs, input);
      const skip = args.skip ?? 0;
      const take = args.take ?? 20;
      const rows = await repository.search(args.searchString || null, skip, take);
      return { items: rows.slice(0, take), hasMore: rows.length > take, skip, take };
    },

    async customer(id: string): Promise<StaffCustomerRow> {
      const row = await repository.customer(id);
      if (!row) throw notFound('The customer');
      return row;
    },

    files: (customerId: string) => repository.filesOf(customerId),
    transactionCount: (customerId: string) => repository.transactionCount(customerId),
    eddReviewsOf: (customerId: string) => repository.reviewsOf(customerId),

    async update(id: string, input: unknown): Promise<StaffCustomerRow> {
      const changes: CustomerChanges = parseInput(staffCustomerEditSchema, input ?? {});
      return db.transaction(async (tx) => {
        const before = await lockLive(tx, id);
        await repository.update(tx, id, changes);
        const after = await reloaded(tx, id);
        return withAuditChange(after, { before: personalData(before), after: personalData(after) });
      });
    },

    async decideIdentityCheck(id: string, decision: IdentityCheckDecision, reason: unknown): Promise<StaffCustomerRow> {
      parseInput(z.object({ reason: staffReasonSchema }), { reason });
      return db.transaction(async (tx) => {
        const before = await lockLive(tx, id);
        const next = IDENTITY_CHECK_DECISIONS[decision];
        if (decision === 'reset' && before.identityCheckStatus === 'NotStarted')
          throw new AppError('CONFLICT', 'This customer has not started an identity check; there is nothing to reset.');
        if (decision !== 'reset' && before.identityCheckStatus === next.identityCheckStatus)
          throw new AppError('CONFLICT', `This identity check is already ${next.identityCheckStatus.toLowerCase()}.`);
        await repository.setIdentityCheck(tx, id, next);
        const after = await reloaded(tx, id);
        await identityCheckUpdated(tx, after);
        return withAuditChange(after, { before: identityCheck(before), after: identityCheck(after) });
      });
    },

    async erase(id: string, reason: unknown): Promise<StaffCustomerRow> {
      parseInput(z.object({ reason: staffReasonSchema }), { reason });
      return db.transaction(async (tx) => {
        const customer = await lockLive(tx, id);
        await repository.erase(tx, customer, deletedCustomerTombstone(customer.id));
        return reloaded(tx, id);
      });
    },

    // Enhanced due diligence

    async eddQueue(input: { skip?: number | null; take?: number | null }): Promise<EddQueuePage> {
      const args = parseInput(pageArgs, input);
      const skip = args.skip ?? 0;
      const take = args.take ?? 20;
      const rows = await repository.queue(skip, take);
      return { items: rows.slice(0, take), hasMore: rows.length > take, skip, take, pendingCount: repository.pendingCount() };
    },

    async eddReview(id: string): Promise<EddReviewRow> {
      const row = await repository.review(id);
      if (!row) throw notFound('The review');
      return row;
    },

    /** The daily scan: customers whose volume crossed EDD_VOLUME_THRESHOLD_USD join the queue. */
    flagByVolume: () => repository.flagByVolume(eddThresholdUsd),

    async flagForEdd(customerId: string, reason: unknown, staffUserId: string): Promise<EddReviewRow> {
      const args = parseInput(z.object({ reason: staffReasonSchema }), { reason });
      return db.transaction(async (tx) => {
        const customer = await lockLive(tx, customerId);
        if (await repository.pendingReviewOf(tx, customerId)) throw new AppError('CONFLICT', 'This customer is already waiting for enhanced due diligence.');
        return repository.flag(tx, customer, args.reason, staffUserId);
      });
    },

    async addEddNote(id: string, note: unknown, staffUserId: string): Promise<EddReviewRow> {
      const args = parseInput(z.object({ note: eddNoteSchema }), { note });
      return db.transaction(async (tx) => {
        const review = await repository.lockReview(tx, id);
        if (!review) throw notFound('The review');
        return repository.addNote(tx, id, { at: new Date().toISOString(), by: staffUserId, text: args.note });
      });
    },

    async decideEdd(id: string, status: 'Approved' | 'Rejected', reason: unknown, staffUserId: string): Promise<EddReviewRow> {
      const args = parseInput(z.object({ reason: staffReasonSchema }), { reason });
      return db.transaction(async (tx) => {
        const review = await repository.lockReview(tx, id);
        if (!review) throw notFound('The review');
        if (review.status !== 'Pending') throw new AppError('CONFLICT', `This review was already ${review.status.toLowerCase()}.`);
        const decided = await repository.decide(tx, id, { status, reason: args.reason, by: staffUserId });
        return withAuditChange(decided, { before: { status: review.status }, after: { status: decided.status } });
      });
    },
  };
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
