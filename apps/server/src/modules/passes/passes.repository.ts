import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountOfRow, firstWhere, insertRow, updateWhere } from '../../db/row-queries.ts';
import { accounts } from '../../db/schema/accounts.ts';
import {
  passAppleRegistrations,
  passEvents,
  passPolicies,
  passProjectApiKeys,
  passProjectCredentials,
  passProjects,
  passTemplates,
  passes,
} from '../../db/schema/passes.ts';
import { isUuid } from '../../lib/uuid.ts';

export type PassProjectRow = typeof passProjects.$inferSelect;
export type PassPolicyRow = typeof passPolicies.$inferSelect;
export type PassTemplateRow = typeof passTemplates.$inferSelect;
export type PassRow = typeof passes.$inferSelect;
export type PassProjectApiKeyRow = typeof passProjectApiKeys.$inferSelect;
export type PassEventRow = typeof passEvents.$inferSelect;
export type PassProjectCredentialsRow = typeof passProjectCredentials.$inferSelect;

/** Reads and writes join the mutation's unit of work (decision 0007) through `db`. */
export function createPassesRepository(db: Database) {
  /** The account of a row a project holds (a policy, template or API key): its project's. */
  async function accountThroughProject(table: typeof passPolicies | typeof passTemplates | typeof passProjectApiKeys, id: string): Promise<string | null> {
    if (!isUuid(id)) return null;
    const holder = db.select({ projectId: table.projectId }).from(table).where(eq(table.id, id));
    const [row] = await db.select({ accountId: passProjects.accountId }).from(passProjects).where(inArray(passProjects.id, holder)).limit(1);
    return row?.accountId ?? null;
  }

  /** A project's policies and templates: counted, written and deleted alike. */
  function projectRows<T extends typeof passPolicies | typeof passTemplates>(table: T) {
    return {
      count: (projectId: string): Promise<number> => db.$count(table, eq(table.projectId, projectId)),
      insert: (values: T['$inferInsert']): Promise<T['$inferSelect']> => insertRow(db, table, values),
      update: (id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect']> => updateWhere(db, table, eq(table.id, id), values),
      remove: async (id: string): Promise<void> => {
        await db.delete(table).where(eq(table.id, id));
      },
    };
  }
  const policyRows = projectRows(passPolicies);
  const templateRows = projectRows(passTemplates);

  return {
    db,
    // --- The owning account of each entity (the @entity directive's lookups). ---
    accountOfProject: (id: string) => accountOfRow(db, passProjects, id),
    accountOfPolicy: (id: string) => accountThroughProject(passPolicies, id),
    accountOfTemplate: (id: string) => accountThroughProject(passTemplates, id),
    accountOfPass: (id: string) => accountOfRow(db, passes, id),
    accountOfApiKey: (id: string) => accountThroughProject(passProjectApiKeys, id),

    // --- Projects ---
    /** Serialises an account's project writes (the per-account limit, unique names). */
    async lockAccount(accountId: string) {
      await db.execute(sql`select 1 from ${accounts} where ${accounts.id} = ${accountId} for update`);
    },
    async lockProject(projectId: string) {
      await db.execute(sql`select 1 from ${passProjects} where ${passProjects.id} = ${projectId} for update`);
    },
    listProjects(accountId: string): Promise<PassProjectRow[]> {
      return db.select().from(passProjects).where(eq(passProjects.accountId, accountId)).orderBy(asc(passProjects.createdAt), asc(passProjects.id));
    },
    project: (id: string): Promise<PassProjectRow | undefined> => firstWhere(db, passProjects, eq(passProjects.id, id)),
    countProjects: (accountId: string): Promise<number> => db.$count(passProjects, eq(passProjects.accountId, accountId)),
    projectNamed: (accountId: string, name: string): Promise<PassProjectRow | undefined> =>
      firstWhere(db, passProjects, and(eq(passProjects.accountId, accountId), sql`lower(${passProjects.name}) = lower(${name})`)),
    insertProject: (values: typeof passProjects.$inferInsert): Promise<PassProjectRow> => insertRow(db, passProjects, values),
    updateProject: (id: string, values: Partial<typeof passProjects.$inferInsert>): Promise<PassProjectRow> =>
      updateWhere(db, passProjects, eq(passProjects.id, id), values),
    async deleteProject(id: string) {
      await db.delete(passProjects).where(eq(passProjects.id, id));
    },
    async passCounts(projectId: string): Promise<{ total: number; active: number }> {
      const [row] = await db
        .select({ total: count(), active: sql<number>`count(*) filter (where ${passes.status} = 'active')::int` })
        .from(passes)
        .where(eq(passes.projectId, projectId));
      return { total: row?.total ?? 0, active: row?.active ?? 0 };
    },

    // --- Credentials ---
    credentials: (projectId: string): Promise<PassProjectCredentialsRow | undefined> =>
      firstWhere(db, passProjectCredentials, eq(passProjectCredentials.projectId, projectId)),
    async insertCredentials(values: typeof passProjectCredentials.$inferInsert) {
      await db.insert(passProjectCredentials).values(values);
    },
    updateCredentials: (projectId: string, values: Partial<typeof passProjectCredentials.$inferInsert>): Promise<PassProjectCredentialsRow> =>
      updateWhere(db, passProjectCredentials, eq(passProjectCredentials.projectId, projectId), values),

    // --- Policies ---
    listPolicies(projectId: string): Promise<PassPolicyRow[]> {
      return db.select().from(passPolicies).where(eq(passPolicies.projectId, projectId)).orderBy(asc(passPolicies.createdAt), asc(passPolicies.id));
    },
    policy: (id: string): Promise<PassPolicyRow | undefined> => firstWhere(db, passPolicies, eq(passPolicies.id, id)),
    policiesByIds(ids: string[]): Promise<PassPolicyRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(passPolicies).where(inArray(passPolicies.id, ids)).orderBy(asc(passPolicies.createdAt));
    },
    countPolicies: policyRows.count,
    insertPolicy: policyRows.insert,
    updatePolicy: policyRows.update,
    deletePolicy: policyRows.remove,
    policyPassCount: (policyId: string): Promise<number> => db.$count(passes, sql`${policyId}::uuid = any(${passes.policyIds})`),
    /** Active passes this policy admitted that no other remaining policy of theirs did. */
    async activePassesOnlyAdmittedBy(policyId: string): Promise<string[]> {
      const rows = await db
        .select({ id: passes.id })
        .from(passes)
        .where(
          and(
            eq(passes.status, 'active'),
            sql`${policyId}::uuid = any(${passes.policyIds})`,
            sql`not exists (select 1 from ${passPolicies} p where p.id = any(${passes.policyIds}) and p.id <> ${policyId}::uuid)`,
          ),
        );
      return rows.map((row) => row.id);
    },

    // --- Templates ---
    listTemplates(projectId: string): Promise<PassTemplateRow[]> {
      return db.select().from(passTemplates).where(eq(passTemplates.projectId, projectId)).orderBy(asc(passTemplates.createdAt), asc(passTemplates.id));
    },
    template: (id: string): Promise<PassTemplateRow | undefined> => firstWhere(db, passTemplates, eq(passTemplates.id, id)),
    countTemplates: templateRows.count,
    insertTemplate: templateRows.insert,
    updateTemplate: templateRows.update,
    deleteTemplate: templateRows.remove,
    templatePassCount: (templateId: string): Promise<number> => db.$count(passes, eq(passes.templateId, templateId)),

    // --- API keys ---
    listApiKeys(projectId: string): Promise<PassProjectApiKeyRow[]> {
      return db
        .select()
        .from(passProjectApiKeys)
        .where(eq(passProjectApiKeys.projectId, projectId))
        .orderBy(desc(passProjectApiKeys.createdAt), desc(passProjectApiKeys.id));
    },
    apiKey: (id: string): Promise<PassProjectApiKeyRow | undefined> => firstWhere(db, passProjectApiKeys, eq(passProjectApiKeys.id, id)),
    countActiveApiKeys: (projectId: string): Promise<number> =>
      db.$count(passProjectApiKeys, and(eq(passProjectApiKeys.projectId, projectId), isNull(passProjectApiKeys.revokedAt))),
    insertApiKey: (values: typeof passProjectApiKeys.$inferInsert): Promise<PassProjectApiKeyRow> => insertRow(db, passProjectApiKeys, values),
    async revokeApiKey(id: string): Promise<PassProjectApiKeyRow> {
      const [row] = await db
        .update(passProjectApiKeys)
        .set({ revokedAt: sql`coalesce(${passProjectApiKeys.revokedAt}, now())` })
        .where(eq(passProjectApiKeys.id, id))
        .returning();
      return row!;
    },

    // --- Passes ---
    pass: (id: string): Promise<PassRow | undefined> => firstWhere(db, passes, eq(passes.id, id)),
    async listPasses(projectId: string, filter: { search: string | null; status: 'active' | 'invalidated' | null; first: number; afterId: string | null }) {
      const conditions: SQL[] = [eq(passes.projectId, projectId)];
      if (filter.status) conditions.push(eq(passes.status, filter.status));
      if (filter.search) {
        const prefix = `${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(lower(${passes.holderAddress}) like ${prefix} or ${passes.serialNumber} = ${filter.search} or ${passes.tokenId} = ${filter.search} or ${passes.externalId} = ${filter.search})`,
        );
      }
      const filtered = and(...conditions)!;
      const page = filter.afterId
        ? and(filtered, sql`(${passes.createdAt}, ${passes.id}) < (select p.created_at, p.id from ${passes} p where p.id = ${filter.afterId}::uuid)`)!
        : filtered;
      const [rows, totalCount] = await Promise.all([
        db
          .select()
          .from(passes)
          .where(page)
          .orderBy(desc(passes.createdAt), desc(passes.id))
          .limit(filter.first + 1),
        db.$count(passes, filtered),
      ]);
      return { rows: rows.slice(0, filter.first), hasMore: rows.length > filter.first, totalCount };
    },
    events(passId: string): Promise<PassEventRow[]> {
      return db.select().from(passEvents).where(eq(passEvents.passId, passId)).orderBy(desc(passEvents.createdAt), desc(passEvents.id));
    },
    async scanStats(passId: string): Promise<{ scanCount: number; lastScannedAt: Date | null }> {
      const [row] = await db
        .select({ n: count(), last: sql<string | null>`max(${passEvents.createdAt})` })
        .from(passEvents)
        .where(and(eq(passEvents.passId, passId), eq(passEvents.type, 'scanned')));
      return { scanCount: row?.n ?? 0, lastScannedAt: row?.last ? new Date(row.last) : null };
    },
    async isAddedToAppleWallet(passId: string): Promise<boolean> {
      return (await db.$count(passAppleRegistrations, eq(passAppleRegistrations.passId, passId))) > 0;
    },

    // --- Overview ---
    async overview(projectId: string, from: Date, to: Date) {
      const totals = await db.execute<{ issued: number; added: number; scanned: number; invalidated: number; active: number }>(sql`
        select
          count(*) filter (where e.type = 'created')::int as issued,
          count(*) filter (where e.type = 'addedToAppleWallet')::int as added,
          count(*) filter (where e.type = 'scanned')::int as scanned,
          count(*) filter (where e.type = 'invalidated')::int as invalidated,
          (select count(*)::int from ${passes} p where p.project_id = ${projectId}::uuid and p.status = 'active') as active
        from ${passEvents} e
        where e.project_id = ${projectId}::uuid and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at <= ${to.toISOString()}::timestamptz`);
      const series = await db.execute<{ date: string; issued: number; added: number; scanned: number; invalidated: number }>(sql`
        with days as (
          select d::date as day from generate_series((${from.toISOString()}::timestamptz at time zone 'UTC')::date, (${to.toISOString()}::timestamptz at time zone 'UTC')::date, interval '1 day') d
        ), counted as (
          select (e.created_at at time zone 'UTC')::date as day,
            count(*) filter (where e.type = 'created')::int as issued,
            count(*) filter (where e.type = 'addedToAppleWallet')::int as added,
            count(*) filter (where e.type = 'scanned')::int as scanned,
            count(*) filter (where e.type = 'invalidated')::int as invalidated
          from ${passEvents} e
          where e.project_id = ${projectId}::uuid and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at <= ${to.toISOString()}::timestamptz
          group by 1
        )
        select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(c.issued, 0) as issued, coalesce(c.added, 0) as added,
          coalesce(c.scanned, 0) as scanned, coalesce(c.invalidated, 0) as invalidated
        from days left join counted c on c.day = days.day
        order by days.day`);
      return { totals: totals.rows[0]!, series: series.rows };
    },
  };
}

export type PassesRepository = ReturnType<typeof createPassesRepository>;
