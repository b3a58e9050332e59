import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccountStatus } from '@rampart/shared/account-status';
import type { Database } from '../../db/client.ts';
import { firstWhere } from '../../db/row-queries.ts';
import { accounts, organizations } from '../../db/schema/accounts.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** The operations that change an account's status; their audit rows are its status history. */
export const STATUS_OPERATIONS = { enableAccount: 'Active', disableAccount: 'Dormant', closeAccount: 'Closed' } as const satisfies Record<
  string,
  AccountStatus
>;

export interface StatusChangeRow {
  status: AccountStatus;
  previousStatus: AccountStatus | null;
  reason: string;
  changedAt: Date;
  changedBy: string | null;
  changedByRole: string | null;
}

export function createAdminOrganizationsRepository(db: Database) {
  return {
    findOrganization: (id: string): Promise<OrganizationRow | undefined> => firstWhere(db, organizations, eq(organizations.id, id)),
    findAccount: (id: string): Promise<AccountRow | undefined> => firstWhere(db, accounts, eq(accounts.id, id)),
    accountsOf: (organizationId: string): Promise<AccountRow[]> =>
      db.select().from(accounts).where(eq(accounts.organizationId, organizationId)).orderBy(asc(accounts.createdAt), asc(accounts.name)),

    /** The account, locked for the rest of the unit of work: two status changes at once apply one after the other. */
    async lockAccount(id: string): Promise<AccountRow | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for('update').limit(1);
      return row;
    },
    async updateAccount(id: string, values: Partial<typeof accounts.$inferInsert>): Promise<AccountRow> {
      const [row] = await db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
      return row!;
    },
    async updateOrganization(id: string, values: Partial<typeof organizations.$inferInsert>): Promise<OrganizationRow | undefined> {
      const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
      return row;
    },
    async insertOrganizationWithAccount(input: {
      organizationName: string;
      accountName: string;
      internalName: string | null;
      country: string;
      requiresEnhancedKyb: boolean;
    }): Promise<{ organization: OrganizationRow; account: AccountRow }> {
      const [organization] = await db.insert(organizations).values({ name: input.organizationName, publicName: input.accountName }).returning();
      const [account] = await db
        .insert(accounts)
        .values({
          organizationId: organization!.id,
          name: input.accountName,
          internalName: input.internalName,
          // Staff onboard it: the partner does not go through self-service onboarding.
          isSelfService: false,
          requiresEnhancedKyb: input.requiresEnhancedKyb,
          kybInformation: {
            country: input.country,
            kybLevelRequiredToGoLive: input.requiresEnhancedKyb ? 'Enhanced' : 'Basic',
            manuallyRequestedKybLevel: null,
            isEnhancedKybRequired: input.requiresEnhancedKyb,
            requiredKybCheck: null,
          },
        })
        .returning();
      return { organization: organization!, account: account! };
    },

    /** Each account's status changes from the audit trail (successful status operations naming it), newest first. */
    async statusHistory(accountIds: string[], perAccount = 50): Promise<Map<string, StatusChangeRow[]>> {
      const history = new Map<string, StatusChangeRow[]>(accountIds.map((id) => [id, []]));
      if (!accountIds.length) return history;
      const accountIdOf = sql<string>`${auditEvents.changes}->>'accountId'`;
      const rows = await db
        .select({
          accountId: accountIdOf,
          operation: auditEvents.operation,
          previousStatus: sql<string | null>`${auditEvents.changes}->'_subject'->>'previousStatus'`,
          reason: sql<string | null>`${auditEvents.changes}->>'reason'`,
          changedAt: auditEvents.occurredAt,
          changedBy: auditEvents.actorEmail,
          changedByRole: auditEvents.actorRole,
        })
        .from(auditEvents)
        .where(
          and(
            // Written out as the partial index audit_events_account_status_idx says it (migration 0032), so it is used.
            sql`${auditEvents.operation} in ('enableAccount', 'disableAccount', 'closeAccount')`,
            eq(auditEvents.outcome, 'success'),
            eq(auditEvents.kind, 'mutation'),
            inArray(accountIdOf, accountIds),
          ),
        )
        .orderBy(desc(auditEvents.occurredAt))
        .limit(perAccount * accountIds.length);
      for (const row of rows) {
        const list = history.get(row.accountId);
        if (!list || list.length >= perAccount) continue;
        const previous = row.previousStatus as AccountStatus | null;
        list.push({
          status: STATUS_OPERATIONS[row.operation as keyof typeof STATUS_OPERATIONS],
          previousStatus: previous && ['Active', 'Dormant', 'Closed'].includes(previous) ? previous : null,
          reason: row.reason ?? '',
          changedAt: row.changedAt,
          changedBy: row.changedBy,
          changedByRole: row.changedByRole,
        });
      }
      return history;
    },
  };
}

export type AdminOrganizationsRepository = ReturnType<typeof createAdminOrganizationsRepository>;
