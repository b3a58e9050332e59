/** A membership as the GraphQL Membership type reads it, built from its row and its user's; shared by the accounts and team repositories. */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';
import type { Executor } from './executor.ts';
import { accounts, memberships } from './schema/accounts.ts';
import { users } from './schema/identity.ts';

type AccountRow = typeof accounts.$inferSelect;

export interface MembershipRow {
  id: string;
  accountId: string;
  role: 'administrator' | 'analyst' | 'developer' | 'support_specialist';
  hasAcceptedInvite: boolean;
  joinedAt: Date | null;
  inviteExpiresAt: Date | null;
  user: { id: string; name: string; email: string; joinedAt: Date | null };
  account?: AccountRow;
}

export type MembershipSelect = { membership: typeof memberships.$inferSelect; user: typeof users.$inferSelect; account?: AccountRow };

export function toMembershipRow({ membership, user, account }: MembershipSelect): MembershipRow {
  return {
    id: membership.id,
    accountId: membership.accountId,
    role: membership.role,
    hasAcceptedInvite: membership.hasAcceptedInvite,
    joinedAt: membership.joinedAt,
    inviteExpiresAt: membership.hasAcceptedInvite ? null : membership.inviteExpiresAt,
    user: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.email, email: user.email, joinedAt: membership.joinedAt },
    account,
  };
}

/** The memberships `where` selects, with their users, oldest first. */
export async function membershipRows(db: Executor, where: SQL): Promise<MembershipRow[]> {
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(memberships.createdAt));
  return rows.map(toMembershipRow);
}

/** The e-mails of the administrators (invitation accepted) of any of the organization's accounts, sorted: whom billing and KYB write to. */
export async function organizationAdministratorEmails(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(accounts.organizationId, organizationId), eq(memberships.role, 'administrator'), eq(memberships.hasAcceptedInvite, true)));
  return rows.map((row) => row.email).sort();
}
