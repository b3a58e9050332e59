import { and, desc, eq, sql } from 'drizzle-orm';
import type { SubscriptionPlan } from '@rampart/shared/enums';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import type { Executor } from '../../db/executor.ts';
import { organizationAdministratorEmails } from '../../db/membership-row.ts';
import { accounts, memberships, organizations } from '../../db/schema/accounts.ts';
import { billingCheckoutSessions, billingCustomers, billingEvents, invoices, subscriptions } from '../../db/schema/billing.ts';
import { accountWithOrganization } from '../../db/account-organization.ts';
import { isUuid } from '../../lib/uuid.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'organizationId' | 'createdAt'>;
export type InvoiceValues = Partial<typeof invoices.$inferInsert>;
type NewInvoice = Omit<typeof invoices.$inferInsert, 'number'>;

export function createBillingRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

    /** A subscription with its customer's provider id, by the provider's subscription id. */
    async subscriptionWithCustomer(providerSubscriptionId: string) {
      const [row] = await db
        .select({ subscription: subscriptions, customerId: billingCustomers.providerCustomerId })
        .from(subscriptions)
        .innerJoin(billingCustomers, eq(billingCustomers.organizationId, subscriptions.organizationId))
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
      return row;
    },

    async organizationOfAccount(accountId: string): Promise<OrganizationRow | undefined> {
      return (await accountWithOrganization(db, accountId))?.organization;
    },

    async organization(organizationId: string): Promise<OrganizationRow | undefined> {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      return row;
    },

    /** The organization, locked until the transaction ends: provider events of one organization apply one at a time. */
    async lockOrganization(tx: Executor, organizationId: string): Promise<OrganizationRow | undefined> {
      const [row] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
      return row;
    },

    async setPlan(tx: Executor, organizationId: string, plan: SubscriptionPlan) {
      await tx.update(organizations).set({ subscriptionPlanType: plan }).where(eq(organizations.id, organizationId));
    },

    async organizationOfCustomer(providerCustomerId: string, executor: Executor = db): Promise<string | null> {
      const [row] = await executor
        .select({ organizationId: billingCustomers.organizationId })
        .from(billingCustomers)
        .where(eq(billingCustomers.providerCustomerId, providerCustomerId));
      return row?.organizationId ?? null;
    },

    async customerOf(organizationId: string) {
      const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.organizationId, organizationId));
      return row;
    },

    async saveCustomer(values: { organizationId: string; provider: typeof billingCustomers.$inferInsert.provider; providerCustomerId: string }) {
      await db
        .insert(billingCustomers)
        .values(values)
        .onConflictDoUpdate({
          target: billingCustomers.organizationId,
          set: { provider: values.provider, providerCustomerId: values.providerCustomerId, createdAt: new Date() },
        });
    },

    administratorEmails: (organizationId: string) => organizationAdministratorEmails(db, organizationId),

    /** The user's roles in the organization's accounts (accepted invitations). */
    async rolesIn(organizationId: string, userId: string) {
      const rows = await db
        .select({ role: memberships.role })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(accounts.organizationId, organizationId), eq(memberships.userId, userId), eq(memberships.hasAcceptedInvite, true)));
      return rows.map((row) => row.role);
    },

    /** The organization's accounts, oldest first, each with the user's role in it (null where none). */
    accountsWithRoleOf(organizationId: string, userId: string) {
      return db
        .select({ id: accounts.id, role: memberships.role })
        .from(accounts)
        .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.userId, userId), eq(memberships.hasAcceptedInvite, true)))
        .where(eq(accounts.organizationId, organizationId))
        .orderBy(accounts.createdAt);
    },

    async currentSubscription(organizationId: string, executor: Executor = db, forUpdate = false): Promise<SubscriptionRow | null> {
      const query = executor.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    async insertSubscription(tx: Executor, values: SubscriptionValues & { organizationId: string }) {
      await tx.insert(subscriptions).values(values);
    },

    async updateSubscription(tx: Executor, id: string, values: Partial<SubscriptionValues>) {
      await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id));
    },

    /** Records a provider event once: the new row's id, or null when the event was recorded before. */
    async recordEvent(tx: Executor, values: typeof billingEvents.$inferInsert): Promise<number | null> {
      const [row] = await tx.insert(billingEvents).values(values).onConflictDoNothing().returning({ id: billingEvents.id });
      return row?.id ?? null;
    },

    async setEventOutcome(tx: Executor, id: number, outcome: typeof billingEvents.$inferInsert.outcome) {
      await tx.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, id));
    },

    invoicesOf(organizationId: string): Promise<InvoiceRow[]> {
      return db.select().from(invoices).where(eq(invoices.organizationId, organizationId)).orderBy(desc(invoices.createdAt), desc(invoices.number));
    },

    /** One of the organization's invoices; none for an id that is not a UUID. */
    async invoiceOf(organizationId: string, id: string): Promise<InvoiceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.organizationId, organizationId)));
      return row;
    },

    latestOpenInvoice: (organizationId: string): Promise<InvoiceRow | undefined> =>
      firstWhere(db, invoices, and(eq(invoices.organizationId, organizationId), eq(invoices.status, 'open')), desc(invoices.createdAt)),

    async lockInvoiceByProviderId(tx: Executor, providerInvoiceId: string): Promise<InvoiceRow | undefined> {
      const [row] = await tx.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId)).for('update');
      return row;
    },

    async updateInvoice(tx: Executor, id: string, values: InvoiceValues) {
      await tx.update(invoices).set(values).where(eq(invoices.id, id));
    },

    /** A new invoice, numbered RMP-000001 on from the invoice number sequence. */
    async insertInvoice(tx: Executor, values: NewInvoice) {
      await tx.insert(invoices).values({ ...values, number: sql`'RMP-' || lpad(nextval('invoice_number_seq')::text, 6, '0')` });
    },

    async insertCheckoutSession(values: typeof billingCheckoutSessions.$inferInsert) {
      await db.insert(billingCheckoutSessions).values(values);
    },

    async completeCheckoutSession(tx: Executor, providerSessionId: string, completedAt: Date) {
      await tx.update(billingCheckoutSessions).set({ status: 'complete', completedAt }).where(eq(billingCheckoutSessions.providerSessionId, providerSessionId));
    },

    async sandboxCheckoutSession(providerSessionId: string) {
      const [row] = await db
        .select({ session: billingCheckoutSessions, organizationName: organizations.name })
        .from(billingCheckoutSessions)
        .innerJoin(organizations, eq(organizations.id, billingCheckoutSessions.organizationId))
        .where(and(eq(billingCheckoutSessions.providerSessionId, providerSessionId), eq(billingCheckoutSessions.provider, 'sandbox')));
      return row;
    },

    /** Marks an open checkout session complete; false when another request did first. */
    async claimCheckoutSession(id: string): Promise<boolean> {
      const claimed = await db
        .update(billingCheckoutSessions)
        .set({ status: 'complete', completedAt: new Date() })
        .where(and(eq(billingCheckoutSessions.id, id), eq(billingCheckoutSessions.status, 'open')))
        .returning({ id: billingCheckoutSessions.id });
      return claimed.length > 0;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
