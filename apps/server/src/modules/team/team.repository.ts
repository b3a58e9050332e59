import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionPlan } from '@rampart/shared/enums';
import type { Database } from '../../db/client.ts';
import { accountOfRow, firstWhere, insertRow } from '../../db/row-queries.ts';
import { accounts, memberships, organizations } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/identity.ts';
import { membershipRows, type MembershipRow } from '../../db/membership-row.ts';

export type MembershipRecord = typeof memberships.$inferSelect;

export function createTeamRepository(db: Database) {
  return {
    accountOfMembership: (id: string) => accountOfRow(db, memberships, id),
    findMembership: (id: string): Promise<MembershipRecord | undefined> => firstWhere(db, memberships, eq(memberships.id, id)),
    findMembershipOf: (accountId: string, userId: string): Promise<MembershipRecord | undefined> =>
      firstWhere(db, memberships, and(eq(memberships.accountId, accountId), eq(memberships.userId, userId))),
    async membershipRow(id: string): Promise<MembershipRow> {
      const [row] = await membershipRows(db, eq(memberships.id, id));
      return row!;
    },
    async findByInviteHash(hash: string) {
      const [row] = await db
        .select({ membership: memberships, user: users, account: accounts, organization: organizations })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(eq(memberships.inviteTokenHash, hash))
        .limit(1);
      return row;
    },
    /**
     * The organization's plan and the account's seats taken (members and pending invitations), holding a lock on the
     * account row until the mutation ends so two invitations at once cannot both take the last seat.
     */
    async lockSeats(accountId: string): Promise<{ plan: SubscriptionPlan; taken: number } | undefined> {
      const [row] = await db
        .select({ plan: organizations.subscriptionPlanType })
        .from(accounts)
        .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(eq(accounts.id, accountId))
        .for('update', { of: accounts });
      if (!row) return undefined;
      return { plan: row.plan, taken: await db.$count(memberships, eq(memberships.accountId, accountId)) };
    },
    insertMembership: (values: typeof memberships.$inferInsert): Promise<MembershipRecord> => insertRow(db, memberships, values),
    async updateMembership(id: string, values: Partial<typeof memberships.$inferInsert>): Promise<void> {
      await db.update(memberships).set(values).where(eq(memberships.id, id));
    },
    /** Accepts once: clears the token in the same statement that checks it is still there. */
    async acceptInvite(id: string, hash: string): Promise<boolean> {
      const rows = await db
        .update(memberships)
        .set({ hasAcceptedInvite: true, joinedAt: new Date(), inviteTokenHash: null, inviteExpiresAt: null })
        .where(and(eq(memberships.id, id), eq(memberships.inviteTokenHash, hash), eq(memberships.hasAcceptedInvite, false)))
        .returning({ id: memberships.id });
      return rows.length === 1;
    },
    /**
     * Changes or removes a membership unless it would leave the account without an accepted administrator.
     * The check and the change run in one transaction holding a lock on the account's administrators.
     */
    async changeKeepingAnAdministrator(id: string, accountId: string, change: { role: MembershipRecord['role'] } | 'delete'): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from memberships where account_id = ${accountId} and role = 'administrator' for update`);
        const [target] = await tx.select().from(memberships).where(eq(memberships.id, id));
        if (!target) return true;
        const losesAdministrator = target.role === 'administrator' && target.hasAcceptedInvite && (change === 'delete' || change.role !== 'administrator');
        if (losesAdministrator) {
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(memberships)
            .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'administrator'), eq(memberships.hasAcceptedInvite, true)));
          if ((count?.n ?? 0) <= 1) return false;
        }
        if (change === 'delete') await tx.delete(memberships).where(eq(memberships.id, id));
        else await tx.update(memberships).set({ role: change.role }).where(eq(memberships.id, id));
        return true;
      });
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
