import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';

export type AuditEventRow = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  accountId?: string | null;
  actorEmail?: string | null;
  operation?: string | null;
  outcome?: 'success' | 'failure' | null;
  from?: Date | null;
  to?: Date | null;
  skip: number;
  take: number;
}

function conditionsOf(filter: Omit<AuditFilter, 'skip' | 'take'>): SQL[] {
  const conditions: SQL[] = [];
  if (filter.accountId) conditions.push(eq(auditEvents.accountId, filter.accountId));
  if (filter.actorEmail) conditions.push(sql`lower(${auditEvents.actorEmail}) = lower(${filter.actorEmail})`);
  if (filter.operation) conditions.push(eq(auditEvents.operation, filter.operation));
  if (filter.outcome) conditions.push(eq(auditEvents.outcome, filter.outcome));
  if (filter.from) conditions.push(gte(auditEvents.occurredAt, filter.from));
  if (filter.to) conditions.push(lte(auditEvents.occurredAt, filter.to));
  return conditions;
}

export function createAuditRepository(db: Database) {
  return {
    async insert(values: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(values);
    },
    async list(filter: AuditFilter): Promise<{ rows: AuditEventRow[]; total: number }> {
      const conditions = conditionsOf(filter);
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [count]] = await Promise.all([
        db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.occurredAt)).offset(filter.skip).limit(filter.take),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(where),
      ]);
      return { rows, total: count?.total ?? 0 };
    },
    /** The filtered trail newest first, `limit` rows after `after` (the last row of the previous page): the CSV export's pages. */
    async page(filter: Omit<AuditFilter, 'skip' | 'take'>, after: Pick<AuditEventRow, 'occurredAt' | 'id'> | null, limit: number): Promise<AuditEventRow[]> {
      const conditions = conditionsOf(filter);
      if (after) {
        conditions.push(
          or(sql`${auditEvents.occurredAt} < ${after.occurredAt}`, and(eq(auditEvents.occurredAt, after.occurredAt), sql`${auditEvents.id} < ${after.id}`))!,
        );
      }
      return db
        .select()
        .from(auditEvents)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
        .limit(limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
