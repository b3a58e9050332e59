import { and, asc, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { userTokens, users } from '../../db/schema/identity.ts';
import { markOpenTokensUsed } from './identity.repository.ts';

/** A staff user as `npm run admin -- list-staff` shows them; deactivated ones keep their former role. */
export interface StaffListRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  adminRole: string | null;
  isOtpEnabled: boolean;
  hasPassword: boolean;
  /** Sessions not yet ended or expired. */
  activeSessions: number;
  /** When their open staff invitation (set-password link) expires; null when none is open. */
  invitationExpiresAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  staffDeactivatedAt: Date | null;
  staffDeactivatedRole: string | null;
}

const isStaffOrFormerStaff = or(isNotNull(users.adminRole), isNotNull(users.staffDeactivatedAt));

export function createStaffAdministrationRepository(db: Database) {
  const staffRows = () =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        adminRole: users.adminRole,
        isOtpEnabled: users.isOtpEnabled,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        // Qualified by hand: Drizzle leaves the columns of a select's own table unqualified, and sessions has an id too.
        activeSessions: sql<number>`(select count(*)::int from sessions s where s.user_id = "users"."id" and s.expires_at > now())`,
        invitationExpiresAt:
          sql<Date | null>`(select max(t.expires_at) from user_tokens t where t.user_id = "users"."id" and t.purpose = 'password_reset' and t.used_at is null and t.expires_at > now() and t.payload->>'invitation' = 'staff')`.mapWith(
            (value: string | Date | null) => (value === null ? null : new Date(value)),
          ),
        // Sessions written before the column existed, or by another path, count too.
        lastSignInAt: sql<Date | null>`greatest(${users.lastSignInAt}, (select max(s.created_at) from sessions s where s.user_id = "users"."id"))`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
        createdAt: users.createdAt,
        staffDeactivatedAt: users.staffDeactivatedAt,
        staffDeactivatedRole: users.staffDeactivatedRole,
      })
      .from(users);
  return {
    /**
     * Serialises the staff commands (two operators changing the same user at once) for the current transaction; sent
     * on the unit of work's connection, so it is held until the change and its audit row commit.
     */
    async lockStaffAdministration(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('rampart:staff-administration', 0))`);
    },

    async listStaff(): Promise<StaffListRow[]> {
      return staffRows()
        .where(isStaffOrFormerStaff)
        .orderBy(sql`${users.adminRole} is null`, desc(users.staffDeactivatedAt), asc(sql`lower(${users.email})`));
    },

    /** One staff user (or former one), as listStaff shows them. */
    async findStaff(userId: string): Promise<StaffListRow | undefined> {
      return (await staffRows().where(and(eq(users.id, userId), isStaffOrFormerStaff)))[0];
    },

    /** Marks every open e-mailed link and code of the user used: an invitation sent before deactivation stops working. */
    async retireAllTokens(userId: string): Promise<number> {
      return (await markOpenTokensUsed(db, eq(userTokens.userId, userId))).length;
    },
  };
}

export type StaffAdministrationRepository = ReturnType<typeof createStaffAdministrationRepository>;
