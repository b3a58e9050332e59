import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere, insertRow, updateWhere } from '../../db/row-queries.ts';
import { outsideUnitOfWork } from '../../db/unit-of-work.ts';
import { accounts, memberships, organizations } from '../../db/schema/accounts.ts';
import { loginFailures, recoveryCodes, sessions, userTokens, users } from '../../db/schema/identity.ts';

export type UserRow = typeof users.$inferSelect;
/** A user as the `me` query answers it: its memberships start with the account selected on this device. */
export type ViewerRow = UserRow & { selectedAccountId?: string | null };
export type SessionRow = typeof sessions.$inferSelect;
export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

/** Marks the tokens `which` selects used, those still open: the ids of those it marked (a used token stays as it was). */
export async function markOpenTokensUsed(db: Database, which: SQL): Promise<string[]> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(which, isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.map((row) => row.id);
}

/** A 64-bit advisory lock key for a name. */
function lockKey(name: string): bigint {
  return crypto.createHash('sha256').update(name).digest().readBigInt64BE(0);
}

export function createIdentityRepository(db: Database) {
  return {
    findUserByEmail: (email: string): Promise<UserRow | undefined> => firstWhere(db, users, sql`lower(${users.email}) = lower(${email})`),
    findUserBySsoSubject: (issuer: string, subject: string): Promise<UserRow | undefined> =>
      firstWhere(db, users, and(eq(users.ssoIssuer, issuer), eq(users.ssoSubject, subject))),
    findUserById: (id: string): Promise<UserRow | undefined> => firstWhere(db, users, eq(users.id, id)),
    async namesByIds(ids: string[]): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim() || row.email]));
    },
    insertUser: (values: typeof users.$inferInsert): Promise<UserRow> => insertRow(db, users, values),
    updateUser: (id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> => updateWhere(db, users, eq(users.id, id), values),
    /** Marks a user's other open tokens of one purpose used, so only the newest works. */
    async retireTokens(userId: string, purpose: TokenPurpose): Promise<void> {
      await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    },
    async insertToken(values: typeof userTokens.$inferInsert): Promise<void> {
      await db.insert(userTokens).values(values);
    },
    async countRecentTokens(userId: string, purpose: TokenPurpose, since: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(userTokens)
        .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), gt(userTokens.createdAt, since)));
      return row?.count ?? 0;
    },
    findLatestOpenToken: (userId: string, purpose: TokenPurpose) =>
      firstWhere(db, userTokens, and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)), desc(userTokens.createdAt)),
    findTokenByHash: (tokenHash: string, purpose: TokenPurpose) =>
      firstWhere(db, userTokens, and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose))),
    /**
     * Takes one attempt of the newest open code of that purpose sent to this e-mail, before anything else is read or
     * compared; returns the code's id, or null once its attempts are all taken (even by simultaneous calls) or there
     * is none. Sent on the pool, so it commits on its own and first: a wrong code's failed mutation cannot roll the
     * attempt back, and no transaction of the mutation holds a connection while it waits for one.
     */
    async reserveCodeAttempt(email: string, purpose: TokenPurpose, limit: number): Promise<string | null> {
      const result = await db.$client.query<{ id: string }>(
        `with newest as (
           select t.id from user_tokens t join users u on u.id = t.user_id
           where lower(u.email) = lower($1) and t.purpose = $2 and t.used_at is null
           order by t.created_at desc limit 1)
         update user_tokens t set attempts = t.attempts + 1 from newest
         where t.id = newest.id and t.attempts < $3
         returning t.id`,
        [email, purpose, limit],
      );
      return result.rows[0]?.id ?? null;
    },
    /** Uses a token once: only the first caller gets true. */
    async consumeToken(id: string): Promise<boolean> {
      return (await markOpenTokensUsed(db, eq(userTokens.id, id))).length === 1;
    },
    /**
     * Records an attempt as a failure before its secret is checked, unless the e-mail or the IP already has its limit
     * of failures since `since`; returns the row to release when the secret was right, or null when refused.
     * Advisory locks (taken in key order, so two attempts never wait on each other crosswise) serialise attempts on the
     * same e-mail or IP, and the short transaction commits before the check, on its own connection: an attempt that
     * throws afterwards stays counted.
     */
    async reserveFailure(keys: { email: string | null; ipAddress: string }, limits: { perEmail: number; perIp: number }, since: Date): Promise<string | null> {
      const email = keys.email?.toLowerCase() ?? null;
      const lockKeys = [email === null ? null : lockKey(`login-failures:email:${email}`), lockKey(`login-failures:ip:${keys.ipAddress}`)]
        .filter((key): key is bigint => key !== null)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      // Outside the caller's unit of work, so the counted failure commits whatever the caller does next.
      return outsideUnitOfWork(() =>
        db.transaction(async (tx) => {
          for (const key of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(${key.toString()})`);
          const result = await tx.execute<{ id: string }>(
            sql`insert into login_failures (email, ip_address)
                select ${email}::text, ${keys.ipAddress}::inet
                where (${email}::text is null or (select count(*) from login_failures where email = ${email}::text and created_at > ${since}) < ${limits.perEmail})
                  and (select count(*) from login_failures where ip_address = ${keys.ipAddress}::inet and created_at > ${since}) < ${limits.perIp}
                returning id`,
          );
          return result.rows[0]?.id ?? null;
        }),
      );
    },
    /** The attempt turned out right: it is not a failure. */
    async releaseFailure(id: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.id, id));
    },
    async clearLoginFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
    },
    /** Moves the one-time-code step forward atomically, so a code is accepted once. */
    async claimOtpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ otpLastUsedStep: step })
        .where(and(eq(users.id, userId), sql`coalesce(${users.otpLastUsedStep}, -1) < ${step}`))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Replaces the user's recovery codes (every old one stops working) with these hashes. */
    async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
      await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      if (codeHashes.length) await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    },
    /** Spends an unused recovery code: only the first caller gets true (a second waits on the row, then misses it). */
    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return rows.length === 1;
    },
    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return row?.count ?? 0;
    },
    /** Issues a session and stamps the user's last sign-in (the staff list shows it). */
    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
      await db
        .update(users)
        .set({ lastSignInAt: sql`now()` })
        .where(eq(users.id, values.userId));
    },
    async deleteSession(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteSessionOfUser(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },
    async deleteSessionsOfUser(userId: string, exceptId?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return rows.length;
    },
    async listSessions(userId: string): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt));
    },
    /** Whether an organization the user is an accepted member of requires single sign-on. */
    async isSsoRequired(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(organizations, eq(organizations.id, accounts.organizationId))
        .where(and(eq(memberships.userId, userId), eq(memberships.hasAcceptedInvite, true), eq(organizations.requireSso, true)))
        .limit(1);
      return Boolean(row);
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
