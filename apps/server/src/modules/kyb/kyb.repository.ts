import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertRow, updateWhere } from '../../db/row-queries.ts';
import { accounts, organizations } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/identity.ts';
import { kybApplications, kybDecisions, kybDocuments, kybPeople } from '../../db/schema/kyb.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { Executor } from '../../db/executor.ts';
import { organizationAdministratorEmails } from '../../db/membership-row.ts';
import { kybSavedAnything } from '../../db/kyb-draft.ts';

export type KybApplicationRow = typeof kybApplications.$inferSelect;
export type KybPersonRow = typeof kybPeople.$inferSelect;
export type KybDocumentRow = typeof kybDocuments.$inferSelect;
export type KybDecisionRow = typeof kybDecisions.$inferSelect & { decidedByName: string | null };
export type KybStatus = KybApplicationRow['status'];
/** The status as shown: a NotStarted application with anything saved is a Draft ("In progress"). */
export type KybShownStatus = KybStatus | 'Draft';

/** What the organization told us at onboarding, from its first account (the oldest). */
export interface OrganizationFacts {
  organizationId: string;
  organizationName: string;
  firstAccountId: string | null;
  onboardingCountry: string | null;
  onboardingIndustry: string | null;
  /** The first account's onboarding answers, which the company details start from. */
  onboardingDetails: (typeof accounts.$inferSelect)['onboardingDetails'];
  productInterests: string[];
  requiresEnhancedKyb: boolean;
}

export interface KybQueueFilters {
  statuses: KybShownStatus[] | null;
  country: string | null;
  product: string | null;
  submittedBefore: Date | null;
  search: string | null;
  skip: number;
  take: number;
}

// The company details' country and industry, else onboarding's (of the organization's first account).
const FIRST_ACCOUNT = sql`(select a.onboarding_details from accounts a where a.organization_id = ${kybApplications.organizationId} order by a.created_at, a.id limit 1)`;
const COUNTRY = sql<string | null>`coalesce(${kybApplications.companyDetails}->>'country', ${FIRST_ACCOUNT}->>'country')`;

/** Stored statuses as they are; NotStarted and Draft split the never-submitted applications by whether anything is saved. */
function statusCondition(statuses: KybShownStatus[]): SQL {
  const stored = statuses.filter((status): status is Exclude<KybStatus, 'NotStarted'> => status !== 'NotStarted' && status !== 'Draft');
  const either: SQL[] = stored.length ? [inArray(kybApplications.status, stored)] : [];
  const saved = kybSavedAnything('kyb_applications');
  if (statuses.includes('NotStarted')) either.push(sql`(${kybApplications.status} = 'NotStarted' and not ${saved})`);
  if (statuses.includes('Draft')) either.push(sql`(${kybApplications.status} = 'NotStarted' and ${saved})`);
  return or(...either)!;
}

export function createKybRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),

    async organizationOfAccount(accountId: string): Promise<string | null> {
      const [row] = await db.select({ organizationId: accounts.organizationId }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
      return row?.organizationId ?? null;
    },

    async organizationFacts(organizationId: string): Promise<OrganizationFacts | null> {
      const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
      if (!organization) return null;
      const accountRows = await db
        .select()
        .from(accounts)
        .where(eq(accounts.organizationId, organizationId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
      const first = accountRows[0];
      return {
        organizationId,
        organizationName: organization.name,
        firstAccountId: first?.id ?? null,
        onboardingCountry: first?.onboardingDetails?.country ?? null,
        onboardingIndustry: first?.onboardingDetails?.industry ?? null,
        onboardingDetails: first?.onboardingDetails ?? null,
        productInterests: [...new Set(accountRows.flatMap((account) => account.onboardingDetails?.productInterests ?? []))],
        requiresEnhancedKyb: accountRows.some((account) => account.requiresEnhancedKyb || account.kybInformation.isEnhancedKybRequired),
      };
    },

    /** The organization's first account (the oldest): what organization-level entities belong to for access checks. */
    async firstAccountOfOrganization(organizationId: string): Promise<string | null> {
      // Ids come from callers unchecked: a malformed one names nothing, and never reaches the uuid column.
      if (!isUuid(organizationId)) return null;
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.organizationId, organizationId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id))
        .limit(1);
      return row?.id ?? null;
    },

    async organizationOfDocument(documentId: string): Promise<string | null> {
      if (!isUuid(documentId)) return null;
      const [row] = await db
        .select({ organizationId: kybApplications.organizationId })
        .from(kybDocuments)
        .innerJoin(kybApplications, eq(kybApplications.id, kybDocuments.applicationId))
        .where(eq(kybDocuments.id, documentId))
        .limit(1);
      return row?.organizationId ?? null;
    },

    /** The organization's application, created NotStarted on first use. */
    async ensureApplication(organizationId: string, level: 'Basic' | 'Enhanced'): Promise<KybApplicationRow> {
      await db.insert(kybApplications).values({ organizationId, level }).onConflictDoNothing({ target: kybApplications.organizationId });
      const [row] = await db.select().from(kybApplications).where(eq(kybApplications.organizationId, organizationId)).limit(1);
      return row!;
    },

    /** Whether anything of the application is saved (company details, an answer, a person or a document). */
    async savedAnything(applicationId: string): Promise<boolean> {
      const [row] = await db
        .select({ saved: kybSavedAnything('kyb_applications') })
        .from(kybApplications)
        .where(eq(kybApplications.id, applicationId));
      return Boolean(row?.saved);
    },

    async findApplicationOfOrganization(organizationId: string): Promise<KybApplicationRow | null> {
      const [row] = await db.select().from(kybApplications).where(eq(kybApplications.organizationId, organizationId)).limit(1);
      return row ?? null;
    },

    async findApplication(id: string, executor: Executor = db, forUpdate = false): Promise<KybApplicationRow | null> {
      const query = executor.select().from(kybApplications).where(eq(kybApplications.id, id)).limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    updateApplication: (id: string, values: Partial<typeof kybApplications.$inferInsert>, executor: Executor = db): Promise<KybApplicationRow> =>
      updateWhere(executor, kybApplications, eq(kybApplications.id, id), values),

    async peopleOf(applicationId: string, executor: Executor = db): Promise<KybPersonRow[]> {
      return executor.select().from(kybPeople).where(eq(kybPeople.applicationId, applicationId)).orderBy(asc(kybPeople.position));
    },

    async deletePeople(ids: string[], executor: Executor) {
      if (ids.length) await executor.delete(kybPeople).where(inArray(kybPeople.id, ids));
    },

    async updatePerson(id: string, values: Partial<typeof kybPeople.$inferInsert>, executor: Executor) {
      await executor.update(kybPeople).set(values).where(eq(kybPeople.id, id));
    },

    async insertPerson(values: typeof kybPeople.$inferInsert, executor: Executor) {
      await executor.insert(kybPeople).values(values);
    },

    async documentsOf(applicationId: string, executor: Executor = db): Promise<KybDocumentRow[]> {
      return executor
        .select()
        .from(kybDocuments)
        .where(eq(kybDocuments.applicationId, applicationId))
        .orderBy(asc(kybDocuments.uploadedAt), asc(kybDocuments.id));
    },

    async documentsOfPeople(personIds: string[], executor: Executor = db): Promise<KybDocumentRow[]> {
      if (!personIds.length) return [];
      return executor.select().from(kybDocuments).where(inArray(kybDocuments.personId, personIds));
    },

    async findDocument(id: string): Promise<KybDocumentRow | null> {
      const [row] = await db.select().from(kybDocuments).where(eq(kybDocuments.id, id)).limit(1);
      return row ?? null;
    },

    insertDocument: (values: typeof kybDocuments.$inferInsert, executor: Executor = db): Promise<KybDocumentRow> => insertRow(executor, kybDocuments, values),

    async deleteDocument(id: string, executor: Executor = db) {
      await executor.delete(kybDocuments).where(eq(kybDocuments.id, id));
    },

    async decisionsOf(applicationId: string): Promise<KybDecisionRow[]> {
      const rows = await db
        .select({ decision: kybDecisions, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(kybDecisions)
        .leftJoin(users, eq(users.id, kybDecisions.decidedByUserId))
        .where(eq(kybDecisions.applicationId, applicationId))
        .orderBy(desc(kybDecisions.createdAt), desc(kybDecisions.id));
      return rows.map(({ decision, firstName, lastName, email }) => ({
        ...decision,
        decidedByName: email === null ? null : `${firstName ?? ''} ${lastName ?? ''}`.trim() || email,
      }));
    },

    async insertDecision(values: typeof kybDecisions.$inferInsert, executor: Executor) {
      await executor.insert(kybDecisions).values(values);
    },

    /** The staff queue: oldest submissions first, never-submitted applications last. */
    async queue(filters: KybQueueFilters): Promise<{ rows: KybApplicationRow[]; totalCount: number }> {
      const conditions: SQL[] = [];
      if (filters.statuses?.length) conditions.push(statusCondition(filters.statuses));
      if (filters.country) conditions.push(sql`${COUNTRY} = ${filters.country.toUpperCase()}`);
      if (filters.product) {
        conditions.push(
          sql`exists (select 1 from accounts a where a.organization_id = ${kybApplications.organizationId} and a.onboarding_details->'productInterests' ? ${filters.product})`,
        );
      }
      if (filters.submittedBefore) conditions.push(sql`${kybApplications.submittedAt} < ${filters.submittedBefore.toISOString()}`);
      if (filters.search) {
        const pattern = `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(${organizations.name} ilike ${pattern} or ${kybApplications.companyDetails}->>'legalName' ilike ${pattern})`);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const rows = await db
        .select({ application: kybApplications, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(kybApplications)
        .innerJoin(organizations, eq(organizations.id, kybApplications.organizationId))
        .where(where)
        .orderBy(sql`${kybApplications.submittedAt} asc nulls last`, asc(kybApplications.createdAt), asc(kybApplications.id))
        .offset(filters.skip)
        .limit(filters.take);
      if (rows.length === 0 && filters.skip > 0) {
        const [count] = await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(kybApplications)
          .innerJoin(organizations, eq(organizations.id, kybApplications.organizationId))
          .where(where);
        return { rows: [], totalCount: count?.n ?? 0 };
      }
      return { rows: rows.map((row) => row.application), totalCount: rows[0]?.totalCount ?? 0 };
    },

    async accountsOfOrganization(organizationId: string, executor: Executor = db) {
      return executor.select().from(accounts).where(eq(accounts.organizationId, organizationId)).orderBy(asc(accounts.createdAt), asc(accounts.id));
    },

    administratorEmails: (organizationId: string) => organizationAdministratorEmails(db, organizationId),

    async updateAccountsOfOrganization(organizationId: string, values: Partial<typeof accounts.$inferInsert>, executor: Executor) {
      await executor.update(accounts).set(values).where(eq(accounts.organizationId, organizationId));
    },

    async updateAccount(accountId: string, values: Partial<typeof accounts.$inferInsert>, executor: Executor) {
      await executor.update(accounts).set(values).where(eq(accounts.id, accountId));
    },
  };
}

export type KybRepository = ReturnType<typeof createKybRepository>;
