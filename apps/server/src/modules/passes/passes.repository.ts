import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passEvents, passPolicies, passProjectApiKeys, passProjectCredentials, passProjects, passTemplates, passes } from '../../db/schema/passes.ts';

export type PassProjectRow = typeof passProjects.$inferSelect;
export type PassPolicyRow = typeof passPolicies.$inferSelect;
export type PassTemplateRow = typeof passTemplates.$inferSelect;
export type PassRow = typeof passes.$inferSelect;
export type PassProjectApiKeyRow = typeof passProjectApiKeys.$inferSelect;
export type PassEventRow = typeof passEvents.$inferSelect;
export type PassProjectCredentialsRow = typeof passProjectCredentials.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (id: string) => UUID.test(id);

/** Reads and writes join the mutation's unit of work (decision 0007) through `db`. */
export function createPassesRepository(db: Database) {
  return {
    db,
    // --- The owning account of each entity (the @entity directive's lookups). ---
    async accountOfProject(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ accountId: passProjects.accountId }).from(passProjects).where(eq(passProjects.id, id)).limit(1);
      return row?.accountId ?? null;
    },
    async accountOfPolicy(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ accountId: passProjects.accountId })
        .from(passPolicies)
        .innerJoin(passProjects, eq(passProjects.id, passPolicies.projectId))
        .where(eq(passPolicies.id, id))
        .limit(1);
      return row?.accountId ?? null;
    },
    async accountOfTemplate(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ accountId: passProjects.accountId })
        .from(passTemplates)
        .innerJoin(passProjects, eq(passProjects.id, passTemplates.projectId))
        .where(eq(passTemplates.id, id))
        .limit(1);
      return row?.accountId ?? null;
    },
    async accountOfPass(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select({ accountId: passes.accountId }).from(passes).where(eq(passes.id, id)).limit(1);
      return row?.accountId ?? null;
    },
    async accountOfApiKey(id: string): Promise<string | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ accountId: passProjects.accountId })
        .from(passProjectApiKeys)
        .innerJoin(passProjects, eq(passProjects.id, passProjectApiKeys.projectId))
        .where(eq(passProjectApiKeys.id, id))
        .limit(1);
      return row?.accountId ?? null;
    },
  };
}

export type PassesRepository = ReturnType<typeof createPassesRepository>;
// Kept for the full repository below.
void [and, asc, count, desc, inArray, isNull, sql];
