import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, memberships, organizations } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/identity.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export interface MembershipRow {
  id: string;
  role: 'administrator' | 'analyst' | 'developer' | 'support_specialist';
  hasAcceptedInvite: boolean;
  joinedAt: Date | null;
  user: { id: string; name: string; email: string; joinedAt: Date | null };
  account: AccountRow;
}

export function createAccountsRepository(db: Database) {
  return {
    async membershipsOfUser(userId: string, take: number): Promise<MembershipRow[]> {
      const rows = await db
        .select({ membership: memberships, account: accounts, user: users })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.userId, userId))
        .orderBy(accounts.name)
        .limit(take);
      return rows.map(({ membership, account, user }) => ({
        id: membership.id,
        role: membership.role,
        hasAcceptedInvite: membership.hasAcceptedInvite,
        joinedAt: membership.joinedAt,
        user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, joinedAt: user.createdAt },
        account,
      }));
    },
    async findMembership(userId: string, accountId: string) {
      const [row] = await db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
        .limit(1);
      return row;
    },
    /** The role of an accepted membership; a pending invite grants nothing. */
    async acceptedRole(userId: string, accountId: string): Promise<MembershipRow['role'] | null> {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId), eq(memberships.hasAcceptedInvite, true)))
        .limit(1);
      return row?.role ?? null;
    },
    async findAccount(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
      return row;
    },
    async findOrganization(id: string): Promise<OrganizationRow | undefined> {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
      return row;
    },
    async accountsOfOrganization(organizationId: string): Promise<AccountRow[]> {
      return db.select().from(accounts).where(eq(accounts.organizationId, organizationId)).orderBy(accounts.name);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
