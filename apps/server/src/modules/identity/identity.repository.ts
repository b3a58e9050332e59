import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loginFailures, sessions, userTokens, users } from '../../db/schema/identity.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function createIdentityRepository(db: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async namesByIds(ids: string[]): Promise<Map<string, string>> {
      const rows = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim() || row.email]));
    },
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },
    async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row!;
    },
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
    async findLatestOpenToken(userId: string, purpose: TokenPurpose) {
      const [row] = await db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
        .orderBy(desc(userTokens.createdAt))
        .limit(1);
      return row;
    },
    async findTokenByHash(tokenHash: string, purpose: TokenPurpose) {
      const [row] = await db
        .select()
        .from(userTokens)
        .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
        .limit(1);
      return row;
    },
    async countTokenAttempt(id: string): Promise<void> {
      await db
        .update(userTokens)
        .set({ attempts: sql`${userTokens.attempts} + 1` })
        .where(eq(userTokens.id, id));
    },
    /** Uses a token once: only the first caller gets true. */
    async consumeToken(id: string): Promise<boolean> {
      const rows = await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
        .returning({ id: userTokens.id });
      return rows.length === 1;
    },
    async recordLoginFailure(email: string, ipAddress: string): Promise<void> {
      await db.insert(loginFailures).values({ email: email.toLowerCase(), ipAddress });
    },
    async countLoginFailures(since: Date, by: { email?: string; ipAddress?: string }): Promise<number> {
      const condition = by.email ? eq(loginFailures.email, by.email.toLowerCase()) : eq(loginFailures.ipAddress, by.ipAddress!);
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(loginFailures)
        .where(and(condition, gt(loginFailures.createdAt, since)));
      return row?.count ?? 0;
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
    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
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
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
