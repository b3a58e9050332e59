import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../../db/executor.ts';
import { accounts, organizations } from '../../db/schema/accounts.ts';
import { eddReviews, type EddNote } from '../../db/schema/customer-admin.ts';
import { customerCards, customerFiles, customers, transactions } from '../../db/schema/transactions.ts';
import { webhookEvents } from '../../db/schema/webhooks.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { isUuid } from '../../lib/uuid.ts';
import { matches } from '../../lib/prefix-search.ts';

export type StaffCustomerRow = typeof customers.$inferSelect & { accountName: string; organizationName: string };
export type EddReviewRow = typeof eddReviews.$inferSelect;
export type CustomerFileRow = typeof customerFiles.$inferSelect;

/** What staff may change of a customer: the personal data the customers table holds. */
export interface CustomerChanges {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  country?: string | null;
}

/** `column` starting with `prefix`, as the range a text_pattern_ops index serves (transactions/search.ts). */
const startsWith = (column: SQL, prefix: string): SQL => matches(column, { kind: 'prefix', value: prefix });

const withAccount = {
  customer: customers,
  accountName: accounts.name,
  organizationName: organizations.name,
};

function flatten(row: { customer: typeof customers.$inferSelect; accountName: string; organizationName: string }): StaffCustomerRow {
  return { ...row.customer, accountName: row.accountName, organizationName: row.organizationName };
}

export function createCustomerAdminRepository(db: Database) {
  const selectCustomers = (executor: Executor) =>
    executor
      .select(withAccount)
      .from(customers)
      .innerJoin(accounts, eq(accounts.id, customers.accountId))
      .innerJoin(organizations, eq(organizations.id, accounts.organizationId));

  return {
    db,

    async customer(id: string, executor: Executor = db): Promise<StaffCustomerRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectCustomers(executor).where(eq(customers.id, id)).limit(1);
      return row && flatten(row);
    },

    /** Locks the customer row for a change (one staff action at a time per customer). */
    async lockCustomer(executor: Executor, id: string): Promise<StaffCustomerRow | undefined> {
      if (!isUuid(id)) return undefined;
      await executor.execute(sql`select 1 from customers where id = ${id} for update`);
      return this.customer(id, executor);
    },

    /**
     * Every partner's customers, newest first; a search matches the id, or the start of the e-mail (any case) or of the
     * external customer id. Reads one row more than asked, so the caller knows whether there is a next page.
     */
    async search(term: string | null, skip: number, take: number): Promise<StaffCustomerRow[]> {
      let where: SQL | undefined;
      if (term && isUuid(term)) where = eq(customers.id, term.toLowerCase());
      else if (term)
        where = sql`(${startsWith(sql`lower(${customers.email})`, term.toLowerCase())} or ${startsWith(sql`${customers.externalCustomerId}`, term)})`;
      const rows = await selectCustomers(db)
        .where(where)
        .orderBy(sql`${customers.createdAt} desc nulls last`, sql`${customers.id} desc nulls last`)
        .offset(skip)
        .limit(take + 1);
      return rows.map(flatten);
    },

    filesOf: (customerId: string) => db.select().from(customerFiles).where(eq(customerFiles.customerId, customerId)).orderBy(customerFiles.createdAt),

    async transactionCount(customerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(transactions)
        .where(eq(transactions.customerId, customerId));
      return row?.n ?? 0;
    },

    async update(executor: Executor, id: string, changes: CustomerChanges): Promise<void> {
      await executor
        .update(customers)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(customers.id, id));
    },

    async setIdentityCheck(executor: Executor, id: string, check: { kycLevel: string; identityCheckStatus: string; identityCheckResult: string | null }) {
      await executor
        .update(customers)
        .set({ ...check, updatedAt: new Date() })
        .where(eq(customers.id, id));
    },

    /**
     * Erases a customer's personal data (decided by staff on the customer's request): name, e-mail, country and external
     * id become a tombstone, files and cards go; transactions stay, carrying the tombstone instead of the external id,
     * and so do the outbox's events (a delivery still pending or resent later no longer carries the old id). Staff
     * edits kept before and after values in the audit trail; those values are erased too.
     */
    async erase(executor: Executor, customer: StaffCustomerRow, tombstone: string): Promise<void> {
      const oldExternalId = customer.externalCustomerId;
      await executor
        .update(customers)
        .set({ email: null, firstName: null, lastName: null, country: null, externalCustomerId: tombstone, isDeleted: true, updatedAt: new Date() })
        .where(eq(customers.id, customer.id));
      await executor.delete(customerFiles).where(eq(customerFiles.customerId, customer.id));
      await executor.delete(customerCards).where(eq(customerCards.customerId, customer.id));
      const ofCustomer = oldExternalId
        ? sql`(${transactions.customerId} = ${customer.id} or ${transactions.externalCustomerId} = ${oldExternalId})`
        : sql`${transactions.customerId} = ${customer.id}`;
      await executor
        .update(transactions)
        .set({ externalCustomerId: tombstone, userAgent: null })
        .where(and(eq(transactions.accountId, customer.accountId), eq(transactions.liveMode, customer.liveMode), ofCustomer));
      const eventOfCustomer = oldExternalId
        ? sql`(${webhookEvents.data}->>'customerId' = ${customer.id} or ${webhookEvents.externalCustomerId} = ${oldExternalId})`
        : sql`${webhookEvents.data}->>'customerId' = ${customer.id}`;
      await executor
        .update(webhookEvents)
        .set({
          externalCustomerId: tombstone,
          data: sql`case when ${webhookEvents.data} ? 'externalCustomerId' then jsonb_set(${webhookEvents.data}, '{externalCustomerId}', to_jsonb(${tombstone}::text)) else ${webhookEvents.data} end - 'email' - 'firstName' - 'lastName' - 'userAgent'`,
        })
        .where(and(eq(webhookEvents.accountId, customer.accountId), eq(webhookEvents.liveMode, customer.liveMode), eventOfCustomer));
      await executor
        .update(auditEvents)
        .set({
          changes: sql`(${auditEvents.changes} - 'input') || jsonb_build_object('_subject', (coalesce(${auditEvents.changes}->'_subject', '{}'::jsonb) - 'before' - 'after' - 'email'), 'erased', true)`,
        })
        .where(and(eq(auditEvents.operation, 'updateStaffCustomer'), sql`${auditEvents.changes}->>'id' = ${customer.id}`));
    },

    // Enhanced due diligence

    async pendingReviewOf(executor: Executor, customerId: string): Promise<EddReviewRow | undefined> {
      const [row] = await executor
        .select()
        .from(eddReviews)
        .where(and(eq(eddReviews.customerId, customerId), eq(eddReviews.status, 'Pending')))
        .limit(1);
      return row;
    },

    async reviewsOf(customerId: string): Promise<EddReviewRow[]> {
      return db.select().from(eddReviews).where(eq(eddReviews.customerId, customerId)).orderBy(desc(eddReviews.createdAt));
    },

    async review(id: string, executor: Executor = db): Promise<EddReviewRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor.select().from(eddReviews).where(eq(eddReviews.id, id)).limit(1);
      return row;
    },

    async lockReview(executor: Executor, id: string): Promise<EddReviewRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor.select().from(eddReviews).where(eq(eddReviews.id, id)).for('update').limit(1);
      return row;
    },

    /** The queue: pending reviews, oldest first; one row more than asked. */
    async queue(skip: number, take: number): Promise<EddReviewRow[]> {
      return db
        .select()
        .from(eddReviews)
        .where(eq(eddReviews.status, 'Pending'))
        .orderBy(asc(eddReviews.createdAt), asc(eddReviews.id))
        .offset(skip)
        .limit(take + 1);
    },

    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(eddReviews)
        .where(eq(eddReviews.status, 'Pending'));
      return row?.n ?? 0;
    },

    /**
     * Flags every live customer whose completed buys and sells of the last 30 days reach `thresholdUsd`, unless it is
     * waiting in the queue or was reviewed in that window already. Returns how many joined the queue.
     */
    async flagByVolume(thresholdUsd: string): Promise<number> {
      const result = await db.execute(sql`
        insert into edd_reviews (customer_id, account_id, flag_reason)
        select c.id, c.account_id, 'Completed volume of ' || round(v.usd, 2)::text || ' USD in 30 days, over the threshold of ' || ${thresholdUsd} || ' USD'
        from (
          select customer_id, sum(amount * usd_rate) as usd from transactions
          where live_mode and kind in ('buy', 'sell') and status = 'completed' and customer_id is not null and created_at >= now() - interval '30 days'
          group by customer_id having sum(amount * usd_rate) >= ${thresholdUsd}::numeric
        ) v
        join customers c on c.id = v.customer_id and not c.is_deleted
        where not exists (select 1 from edd_reviews r where r.customer_id = c.id and (r.status = 'Pending' or r.created_at >= now() - interval '30 days'))
        on conflict do nothing`);
      return result.rowCount ?? 0;
    },

    async flag(executor: Executor, customer: { id: string; accountId: string }, reason: string, by: string): Promise<EddReviewRow> {
      const [row] = await executor
        .insert(eddReviews)
        .values({ customerId: customer.id, accountId: customer.accountId, flagReason: reason, flaggedBy: by })
        .returning();
      return row!;
    },

    async addNote(executor: Executor, id: string, note: EddNote): Promise<EddReviewRow> {
      const [row] = await executor
        .update(eddReviews)
        .set({ notes: sql`${eddReviews.notes} || ${JSON.stringify([note])}::jsonb`, updatedAt: new Date() })
        .where(eq(eddReviews.id, id))
        .returning();
      return row!;
    },

    async decide(executor: Executor, id: string, decision: { status: 'Approved' | 'Rejected'; reason: string; by: string }): Promise<EddReviewRow> {
      const [row] = await executor
        .update(eddReviews)
        .set({ status: decision.status, decisionReason: decision.reason, decidedBy: decision.by, decidedAt: new Date(), updatedAt: new Date() })
        .where(eq(eddReviews.id, id))
        .returning();
      return row!;
    },
  };
}

export type CustomerAdminRepository = ReturnType<typeof createCustomerAdminRepository>;
