import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountOfRow, firstWhere, insertRow } from '../../db/row-queries.ts';
import { apiKeys, apiRequestLog } from '../../db/schema/developers.ts';
import { accounts } from '../../db/schema/accounts.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect & { plainSecret?: string };
export type ApiRequestRow = typeof apiRequestLog.$inferSelect & { apiKey: ApiKeyRow };

export interface ApiRequestFilter {
  accountId: string;
  liveMode: boolean;
  apiKeyId?: string | null;
  method?: string | null;
  /** Lowest and highest status of a class (200–299 for 2xx). */
  statusRange?: [number, number] | null;
  pathPrefix?: string | null;
  from?: Date | null;
  to?: Date | null;
  /** Keyset: rows strictly older than this (created_at, id). */
  before?: { createdAt: Date; id: bigint } | null;
  limit: number;
}

/** `LIKE` pattern for a prefix, with the pattern's own wildcards escaped. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const alive = () => or(isNull(apiKeys.deletedAt), gt(apiKeys.deletedAt, sql`now()`));

export function createDevelopersRepository(db: Database) {
  return {
    accountOfKey: (id: string) => accountOfRow(db, apiKeys, id),
    findKey: (id: string) => firstWhere(db, apiKeys, eq(apiKeys.id, id)),
    async liveKeys(accountId: string, liveMode: boolean) {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.liveMode, liveMode), alive()))
        .orderBy(asc(apiKeys.type), asc(apiKeys.createdAt));
    },
    insertKey: (values: typeof apiKeys.$inferInsert) => insertRow(db, apiKeys, values),
    async setDeletedAt(id: string, deletedAt: Date) {
      await db.update(apiKeys).set({ deletedAt, updatedAt: new Date() }).where(eq(apiKeys.id, id));
    },
    async hardDeleteExpired(id: string) {
      await db.delete(apiKeys).where(and(eq(apiKeys.id, id), sql`${apiKeys.deletedAt} <= now()`));
    },
    /** Secret and restricted keys of a mode that may appear in the request log: working, or stopped within `days`. */
    async keysSince(accountId: string, liveMode: boolean, days: number) {
      return db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.accountId, accountId),
            eq(apiKeys.liveMode, liveMode),
            inArray(apiKeys.type, ['secret', 'restricted']),
            or(isNull(apiKeys.deletedAt), gt(apiKeys.deletedAt, sql`now() - make_interval(days => ${days})`)),
          ),
        )
        .orderBy(asc(apiKeys.type), asc(apiKeys.createdAt));
    },
    /** Working secret and restricted keys of a mode not rolled away (the limit counts these). */
    async countSecretKeys(accountId: string, liveMode: boolean): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(
          and(eq(apiKeys.accountId, accountId), eq(apiKeys.liveMode, liveMode), inArray(apiKeys.type, ['secret', 'restricted']), isNull(apiKeys.deletedAt)),
        );
      return row?.count ?? 0;
    },
    async rename(id: string, name: string) {
      const [row] = await db.update(apiKeys).set({ name, updatedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
      return row!;
    },
    /** Sets last_used_at unless it was set within the last minute, so a busy key writes at most once a minute. */
    async touchLastUsed(id: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
    },
    async logRequest(values: typeof apiRequestLog.$inferInsert): Promise<void> {
      await db.insert(apiRequestLog).values(values);
    },
    /** Newest first on (created_at desc, id desc): the account index, or the key index when a key is chosen. */
    async requests(filter: ApiRequestFilter): Promise<ApiRequestRow[]> {
      const conditions: Array<SQL | undefined> = [eq(apiRequestLog.accountId, filter.accountId), eq(apiRequestLog.liveMode, filter.liveMode)];
      if (filter.apiKeyId) conditions.push(eq(apiRequestLog.apiKeyId, filter.apiKeyId));
      if (filter.method) conditions.push(eq(apiRequestLog.method, filter.method));
      if (filter.statusRange) conditions.push(gte(apiRequestLog.status, filter.statusRange[0]), lte(apiRequestLog.status, filter.statusRange[1]));
      if (filter.pathPrefix) conditions.push(sql`${apiRequestLog.path} like ${likePrefix(filter.pathPrefix)}`);
      if (filter.from) conditions.push(gte(apiRequestLog.createdAt, filter.from));
      if (filter.to) conditions.push(lt(apiRequestLog.createdAt, filter.to));
      if (filter.before)
        conditions.push(
          sql`(${apiRequestLog.createdAt}, ${apiRequestLog.id}) < (${filter.before.createdAt.toISOString()}::timestamptz, ${filter.before.id.toString()}::bigint)`,
        );
      const rows = await db
        .select({ request: apiRequestLog, apiKey: apiKeys })
        .from(apiRequestLog)
        .innerJoin(apiKeys, eq(apiKeys.id, apiRequestLog.apiKeyId))
        .where(and(...conditions))
        // NULLS LAST as in both indexes: a plain DESC (NULLS FIRST) only matches the created_at index scanned backwards,
        // which reads the whole table's recent rows for a small account with a rare filter (450 ms vs 2 ms on 3M rows).
        .orderBy(sql`${apiRequestLog.createdAt} desc nulls last`, sql`${apiRequestLog.id} desc nulls last`)
        .limit(filter.limit);
      return rows.map((row) => ({ ...row.request, apiKey: row.apiKey }));
    },
    /** Deletes up to `batchSize` log rows older than `before`; the number deleted. */
    async deleteRequestsBefore(before: Date, batchSize: number): Promise<number> {
      const result = await db.execute(
        sql`delete from ${apiRequestLog} where id in (select id from ${apiRequestLog} where created_at < ${before.toISOString()}::timestamptz limit ${batchSize})`,
      );
      return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
    },
    /** A working secret or restricted key by its hash: the account and mode it acts for, and its scope. */
    async findBySecretHash(hash: string) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          accountId: apiKeys.accountId,
          liveMode: apiKeys.liveMode,
          type: apiKeys.type,
          restrictions: apiKeys.restrictions,
          lastUsedAt: apiKeys.lastUsedAt,
          // Staff may have closed the account, or made it dormant: the key check refuses it (public-api.routes.ts).
          accountStatus: accounts.status,
        })
        .from(apiKeys)
        .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
        .where(and(eq(apiKeys.secretHash, hash), alive()))
        .limit(1);
      return row;
    },
    async webhookKey(accountId: string, liveMode: boolean): Promise<string | null> {
      const [row] = await db
        .select({ value: apiKeys.displayValue })
        .from(apiKeys)
        .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.liveMode, liveMode), eq(apiKeys.type, 'webhook'), alive()))
        .orderBy(sql`${apiKeys.createdAt} desc`)
        .limit(1);
      return row?.value ?? null;
    },
  };
}

export type DevelopersRepository = ReturnType<typeof createDevelopersRepository>;
