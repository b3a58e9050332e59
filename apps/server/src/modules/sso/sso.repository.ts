import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import { ssoSignInAttempts, ssoUsedIdTokens } from '../../db/schema/sso.ts';

export type SsoSignInAttemptRow = typeof ssoSignInAttempts.$inferSelect;

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

    /** Deletes attempts and used-token records past their expiry (an expired token is refused by its exp anyway). */
    async purgeExpired(now = new Date()): Promise<void> {
      await db.delete(ssoSignInAttempts).where(lt(ssoSignInAttempts.expiresAt, now));
      await db.delete(ssoUsedIdTokens).where(lt(ssoUsedIdTokens.expiresAt, now));
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
