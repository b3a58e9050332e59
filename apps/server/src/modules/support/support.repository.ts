import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, organizations } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/identity.ts';
import { supportMessages, supportRequests } from '../../db/schema/support.ts';
import { accountWithOrganization } from '../../db/account-organization.ts';
import type { SupportRequestStatus } from '@rampart/shared/support';

export type SupportRequestRow = typeof supportRequests.$inferSelect;

/** A request with what both inboxes show beside it: the account, its organization and plan, who opened it. */
const withContext = {
  request: supportRequests,
  accountName: accounts.name,
  organizationName: organizations.name,
  plan: organizations.subscriptionPlanType,
  openedBy: users.email,
};

export function createSupportRepository(db: Database) {
  const selectRequests = () =>
    db
      .select(withContext)
      .from(supportRequests)
      .innerJoin(accounts, eq(accounts.id, supportRequests.accountId))
      .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
      .leftJoin(users, eq(users.id, supportRequests.openedByUserId));

  return {
    async ofAccount(accountId: string, limit: number) {
      return selectRequests().where(eq(supportRequests.accountId, accountId)).orderBy(desc(supportRequests.updatedAt), desc(supportRequests.id)).limit(limit);
    },

    async page(status: SupportRequestStatus | null, skip: number, take: number) {
      const where = status ? eq(supportRequests.status, status) : undefined;
      const [items, [count]] = await Promise.all([
        selectRequests().where(where).orderBy(desc(supportRequests.updatedAt), desc(supportRequests.id)).offset(skip).limit(take),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(supportRequests)
          .where(where),
      ]);
      return { items, totalCount: count?.total ?? 0 };
    },

    async find(id: string) {
      const [row] = await selectRequests().where(eq(supportRequests.id, id)).limit(1);
      return row;
    },

    /** Locks the request: two replies at once change its status one after the other. */
    async lock(id: string): Promise<SupportRequestRow | undefined> {
      const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id)).for('update').limit(1);
      return row;
    },

    async planOf(accountId: string): Promise<string | undefined> {
      return (await accountWithOrganization(db, accountId))?.organization.subscriptionPlanType;
    },

    async accountOf(id: string): Promise<string | null> {
      const [row] = await db.select({ accountId: supportRequests.accountId }).from(supportRequests).where(eq(supportRequests.id, id)).limit(1);
      return row?.accountId ?? null;
    },

    async insertRequest(values: { accountId: string; openedByUserId: string; subject: string }): Promise<SupportRequestRow> {
      const [row] = await db.insert(supportRequests).values(values).returning();
      return row!;
    },

    async addMessage(values: { requestId: string; authorUserId: string; fromStaff: boolean; body: string }) {
      await db.insert(supportMessages).values(values);
    },

    async setStatus(id: string, status: SupportRequestStatus): Promise<void> {
      await db.update(supportRequests).set({ status, updatedAt: new Date() }).where(eq(supportRequests.id, id));
    },

    /** The messages of these requests, oldest first, with their authors' names. */
    async messagesOf(requestIds: string[]) {
      if (requestIds.length === 0) return [];
      return db
        .select({
          message: supportMessages,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
        })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.authorUserId))
        .where(inArray(supportMessages.requestId, requestIds))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
