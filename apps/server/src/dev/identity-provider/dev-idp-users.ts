import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import { devIdpChallenges, devIdpEmails, devIdpPhones, devIdpSmsMessages, devIdpUsers } from '../../db/schema/dev-identity-provider.ts';
import { users } from '../../db/schema/identity.ts';
import { isUuid } from '../../lib/uuid.ts';

// The development identity provider's own records (decision 0017). Rampart's users table is read only
// to provision a provider user the first time it is seen; after that the provider owns its data.

export type DevIdpUser = typeof devIdpUsers.$inferSelect;
export type DevIdpEmail = typeof devIdpEmails.$inferSelect;
export type DevIdpPhone = typeof devIdpPhones.$inferSelect;
export type DevIdpChallenge = typeof devIdpChallenges.$inferSelect;
export type DevIdpSmsMessage = typeof devIdpSmsMessages.$inferSelect;

/** The tables of a user's addresses and numbers: keyed by user and id, verified by a code. */
type AddressTable = typeof devIdpEmails | typeof devIdpPhones;

export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** Okta-looking ids (a prefix and 20 url-safe characters), so they read as the provider's, not Rampart's. */
export function newId(prefix: string): string {
  return `${prefix}${randomBytes(15).toString('base64url')}`;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A unique-index violation (PostgreSQL 23505), possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createDevIdpUsers(db: Database) {
  async function findUser(id: string): Promise<DevIdpUser | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.select().from(devIdpUsers).where(eq(devIdpUsers.id, id)).limit(1);
    return row;
  }

  /** Copies a Rampart user (names, e-mail, password hash) into the provider, once; later calls find the copy. */
  async function provision(rampartUserId: string): Promise<DevIdpUser | undefined> {
    const existing = await findUser(rampartUserId);
    if (existing) return existing;
    const [source] = await db.select().from(users).where(eq(users.id, rampartUserId)).limit(1);
    if (!source) return undefined;
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(devIdpUsers)
        .values({
          id: source.id,
          profile: { login: source.email, email: source.email, firstName: source.firstName, lastName: source.lastName, displayName: null, title: null },
          passwordHash: source.passwordHash,
          passwordCreatedAt: source.passwordHash ? new Date() : null,
          passwordUpdatedAt: source.passwordHash ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) return; // provisioned concurrently
      // Another provider user may already have made this address its primary: then this user starts without one.
      const taken = await tx
        .select({ id: devIdpEmails.id })
        .from(devIdpEmails)
        .where(and(sql`lower(${devIdpEmails.email}) = lower(${source.email})`, eq(devIdpEmails.role, 'PRIMARY')))
        .limit(1);
      if (taken.length === 0) {
        await tx.insert(devIdpEmails).values({ id: newId('eml'), userId: source.id, email: source.email, role: 'PRIMARY', status: 'VERIFIED' });
      }
    });
    return findUser(rampartUserId);
  }

  const primaryEmail = (userId: string): Promise<DevIdpEmail | undefined> =>
    firstWhere(db, devIdpEmails, and(eq(devIdpEmails.userId, userId), eq(devIdpEmails.role, 'PRIMARY')));

  /** A user's own address or number, by its id. */
  const ownRow = (table: AddressTable, userId: string, id: string) => and(eq(table.userId, userId), eq(table.id, id));

  async function markVerified(table: AddressTable, userId: string, id: string): Promise<void> {
    await db
      .update(table)
      .set({ status: 'VERIFIED' })
      .where(ownRow(table, userId, id));
  }

  /** Removes an address or number with the codes sent to it. */
  async function deleteWithChallenges(table: AddressTable, userId: string, id: string): Promise<void> {
    await db.delete(devIdpChallenges).where(and(eq(devIdpChallenges.userId, userId), eq(devIdpChallenges.targetId, id)));
    await db.delete(table).where(ownRow(table, userId, id));
  }

  return {
    findUser,
    provision,
    primaryEmail,

    /**
     * The user who signs in with this e-mail: the provider user whose PRIMARY address it is, or a Rampart
     * user with this address not yet seen by the provider (provisioned now). A former address signs no one in.
     */
    async findUserForLogin(email: string): Promise<DevIdpUser | undefined> {
      const [primary] = await db
        .select({ userId: devIdpEmails.userId })
        .from(devIdpEmails)
        .where(and(sql`lower(${devIdpEmails.email}) = lower(${email})`, eq(devIdpEmails.role, 'PRIMARY')))
        .limit(1);
      if (primary) return findUser(primary.userId);
      const [rampartUser] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      if (!rampartUser || (await findUser(rampartUser.id))) return undefined;
      return provision(rampartUser.id);
    },

    async updateProfile(userId: string, profile: Record<string, string | null>): Promise<DevIdpUser> {
      const [row] = await db.update(devIdpUsers).set({ profile, modifiedAt: new Date() }).where(eq(devIdpUsers.id, userId)).returning();
      if (!row) throw new Error(`no provider user ${userId}`);
      return row;
    },

    async setPassword(userId: string, passwordHash: string): Promise<DevIdpUser> {
      const now = new Date();
      const [row] = await db
        .update(devIdpUsers)
        .set({ passwordHash, passwordUpdatedAt: now, passwordCreatedAt: sql`coalesce(${devIdpUsers.passwordCreatedAt}, ${now})` })
        .where(eq(devIdpUsers.id, userId))
        .returning();
      if (!row) throw new Error(`no provider user ${userId}`);
      return row;
    },

    /** Removes the password (status NOT_ENROLLED); the user then signs in with an e-mailed code. */
    async clearPassword(userId: string): Promise<DevIdpUser> {
      const [row] = await db
        .update(devIdpUsers)
        .set({ passwordHash: null, passwordCreatedAt: null, passwordUpdatedAt: null })
        .where(eq(devIdpUsers.id, userId))
        .returning();
      if (!row) throw new Error(`no provider user ${userId}`);
      return row;
    },

    // E-mail addresses

    listEmails: (userId: string) =>
      db
        .select()
        .from(devIdpEmails)
        .where(eq(devIdpEmails.userId, userId))
        .orderBy(sql`${devIdpEmails.role} = 'PRIMARY' desc`, devIdpEmails.createdAt),

    findEmail: (userId: string, id: string): Promise<DevIdpEmail | undefined> => firstWhere(db, devIdpEmails, ownRow(devIdpEmails, userId, id)),

    findEmailByAddress: (userId: string, email: string): Promise<DevIdpEmail | undefined> =>
      firstWhere(db, devIdpEmails, and(eq(devIdpEmails.userId, userId), sql`lower(${devIdpEmails.email}) = lower(${email})`)),

    /** Whether another provider user signs in with this address (its PRIMARY). */
    async isPrimaryOfAnother(userId: string, email: string): Promise<boolean> {
      const rows = await db
        .select({ id: devIdpEmails.id })
        .from(devIdpEmails)
        .where(and(ne(devIdpEmails.userId, userId), eq(devIdpEmails.role, 'PRIMARY'), sql`lower(${devIdpEmails.email}) = lower(${email})`))
        .limit(1);
      return rows.length > 0;
    },

    async addEmail(userId: string, email: string): Promise<DevIdpEmail> {
      const [row] = await db
        .insert(devIdpEmails)
        .values({ id: newId('eml'), userId, email, role: 'SECONDARY', status: 'UNVERIFIED' })
        .returning();
      return row!;
    },

    /** Makes a verified address the PRIMARY one; the former primary stays as a verified SECONDARY. */
    async makePrimary(userId: string, emailId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(devIdpEmails)
          .set({ role: 'SECONDARY' })
          .where(and(eq(devIdpEmails.userId, userId), eq(devIdpEmails.role, 'PRIMARY')));
        const [row] = await tx
          .update(devIdpEmails)
          .set({ role: 'PRIMARY', status: 'VERIFIED' })
          .where(and(eq(devIdpEmails.userId, userId), eq(devIdpEmails.id, emailId)))
          .returning();
        if (row) {
          await tx
            .update(devIdpUsers)
            .set({ profile: sql`${devIdpUsers.profile} || jsonb_build_object('email', ${row.email}::text)`, modifiedAt: new Date() })
            .where(eq(devIdpUsers.id, userId));
        }
      });
    },

    markEmailVerified: (userId: string, emailId: string) => markVerified(devIdpEmails, userId, emailId),

    deleteEmail: (userId: string, emailId: string) => deleteWithChallenges(devIdpEmails, userId, emailId),

    // Phone numbers

    listPhones: (userId: string) => db.select().from(devIdpPhones).where(eq(devIdpPhones.userId, userId)).orderBy(devIdpPhones.createdAt),

    findPhone: (userId: string, id: string): Promise<DevIdpPhone | undefined> => firstWhere(db, devIdpPhones, ownRow(devIdpPhones, userId, id)),

    findPhoneByNumber: (userId: string, number: string): Promise<DevIdpPhone | undefined> =>
      firstWhere(db, devIdpPhones, and(eq(devIdpPhones.userId, userId), eq(devIdpPhones.number, number))),

    async addPhone(userId: string, number: string): Promise<DevIdpPhone> {
      const [row] = await db
        .insert(devIdpPhones)
        .values({ id: newId('sms'), userId, number, status: 'UNVERIFIED' })
        .returning();
      return row!;
    },

    markPhoneVerified: (userId: string, phoneId: string) => markVerified(devIdpPhones, userId, phoneId),

    deletePhone: (userId: string, phoneId: string) => deleteWithChallenges(devIdpPhones, userId, phoneId),

    // Challenges (codes sent to an address or number; only their hash is kept)

    /** A new 6-digit code for a target; earlier open challenges of the target stop counting. */
    async createChallenge(userId: string, kind: 'email' | 'phone', targetId: string): Promise<{ challenge: DevIdpChallenge; code: string }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const challenge = await db.transaction(async (tx) => {
        await tx
          .delete(devIdpChallenges)
          .where(and(eq(devIdpChallenges.userId, userId), eq(devIdpChallenges.targetId, targetId), sql`${devIdpChallenges.verifiedAt} is null`));
        const [row] = await tx
          .insert(devIdpChallenges)
          .values({ id: newId('chl'), userId, kind, targetId, codeHash: hashCode(code), expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) })
          .returning();
        return row!;
      });
      return { challenge, code };
    },

    findChallenge: (userId: string, targetId: string, challengeId: string): Promise<DevIdpChallenge | undefined> =>
      firstWhere(db, devIdpChallenges, and(eq(devIdpChallenges.userId, userId), eq(devIdpChallenges.targetId, targetId), eq(devIdpChallenges.id, challengeId))),

    /** The newest challenge of a target, verified or not. */
    latestChallenge: (userId: string, targetId: string): Promise<DevIdpChallenge | undefined> =>
      firstWhere(db, devIdpChallenges, and(eq(devIdpChallenges.userId, userId), eq(devIdpChallenges.targetId, targetId)), desc(devIdpChallenges.createdAt)),

    /**
     * Checks a code. The attempt is counted first, in its own statement, so guesses past the limit are
     * refused even when they arrive together.
     */
    async checkCode(challengeId: string, code: string): Promise<'verified' | 'wrong' | 'expired' | 'exhausted' | 'already'> {
      const [row] = await db
        .update(devIdpChallenges)
        .set({ attempts: sql`${devIdpChallenges.attempts} + 1` })
        .where(eq(devIdpChallenges.id, challengeId))
        .returning();
      if (!row) return 'expired';
      if (row.verifiedAt) return 'already';
      if (row.expiresAt.getTime() <= Date.now()) return 'expired';
      if (row.attempts > CHALLENGE_MAX_ATTEMPTS) return 'exhausted';
      if (!sameHash(row.codeHash, hashCode(code))) return row.attempts >= CHALLENGE_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
      await db.update(devIdpChallenges).set({ verifiedAt: new Date() }).where(eq(devIdpChallenges.id, challengeId));
      return 'verified';
    },

    // The development SMS outbox

    async sendSms(toNumber: string, body: string): Promise<void> {
      await db.insert(devIdpSmsMessages).values({ toNumber, body });
    },
  };
}

export type DevIdpUsers = ReturnType<typeof createDevIdpUsers>;

/** The newest text messages, for /dev/sms. */
export function listSmsMessages(db: Database, limit = 200) {
  return db.select().from(devIdpSmsMessages).orderBy(desc(devIdpSmsMessages.createdAt)).limit(limit);
}
