import { and, eq, gt, inArray, isNotNull, isNull, lt, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import { accounts, memberships, organizations } from '../../db/schema/accounts.ts';
import { sessions, users } from '../../db/schema/identity.ts';
import { ssoSignInAttempts, ssoUsedIdTokens } from '../../db/schema/sso.ts';
import { accountWithOrganization } from '../../db/account-organization.ts';

export type SsoSignInAttemptRow = typeof ssoSignInAttempts.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

export function createSsoRepository(db: Database) {
  return {
    async insertAttempt(values: { nonceHash: string; browserHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(ssoSignInAttempts).values(values);
    },

    findAttemptByNonce: (nonceHash: string): Promise<SsoSignInAttemptRow | undefined> =>
      firstWhere(db, ssoSignInAttempts, eq(ssoSignInAttempts.nonceHash, nonceHash)),

    /** Spends an open attempt; false when another request spent it first (the row lock makes the second wait, then miss). */
    async consumeAttempt(id: string): Promise<boolean> {
      const rows = await db
        .update(ssoSignInAttempts)
        .set({ usedAt: new Date() })
        .where(and(eq(ssoSignInAttempts.id, id), isNull(ssoSignInAttempts.usedAt), gt(ssoSignInAttempts.expiresAt, new Date())))
        .returning({ id: ssoSignInAttempts.id });
      return rows.length > 0;
    },

    async isTokenUsed(tokenHash: string): Promise<boolean> {
      const [row] = await db.select({ tokenHash: ssoUsedIdTokens.tokenHash }).from(ssoUsedIdTokens).where(eq(ssoUsedIdTokens.tokenHash, tokenHash)).limit(1);
      return Boolean(row);
    },

    /** Records an ID token as used; false when it already was. */
    async markTokenUsed(tokenHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db
        .insert(ssoUsedIdTokens)
        .values({ tokenHash, expiresAt })
        .onConflictDoNothing({ target: ssoUsedIdTokens.tokenHash })
        .returning({ tokenHash: ssoUsedIdTokens.tokenHash });
      return rows.length > 0;
    },

    /** The organization owning an account: the one whose members requireSso holds for. */
    async organizationOfAccount(accountId: string): Promise<OrganizationRow | undefined> {
      return (await accountWithOrganization(db, accountId))?.organization;
    },

    async setRequireSso(organizationId: string, requireSso: boolean): Promise<OrganizationRow> {
      const [row] = await db.update(organizations).set({ requireSso }).where(eq(organizations.id, organizationId)).returning();
      return row!;
    },

    /** How the session was opened ('sso', 'password', …); undefined once it ended. */
    async sessionAuthMethod(sessionId: string): Promise<string | undefined> {
      const [row] = await db.select({ authMethod: sessions.authMethod }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
      return row?.authMethod;
    },

    /**
     * Ends the sessions the organization's members opened without SSO (password, sign-up, invitation, reset); staff
     * keep theirs. Returns how many ended.
     */
    async endSessionsWithoutSso(organizationId: string): Promise<number> {
      const members = db
        .select({ userId: memberships.userId })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(accounts.organizationId, organizationId), eq(memberships.hasAcceptedInvite, true)));
      const staff = db.select({ id: users.id }).from(users).where(isNotNull(users.adminRole));
      const rows = await db
        .delete(sessions)
        .where(and(ne(sessions.authMethod, 'sso'), inArray(sessions.userId, members), notInArray(sessions.userId, staff)))
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Deletes attempts and used-token records past their expiry (an expired token is refused by its exp anyway). */
    async purgeExpired(now = new Date()): Promise<void> {
      await db.delete(ssoSignInAttempts).where(lt(ssoSignInAttempts.expiresAt, now));
      await db.delete(ssoUsedIdTokens).where(lt(ssoUsedIdTokens.expiresAt, now));
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
