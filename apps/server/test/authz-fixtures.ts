import type { TestApp } from './harness.ts';

/** Creates one entity of a type inside `accountId` and returns its id; modules export these as `fixtures` from `*.authz-fixtures.ts`. */
export type AuthzFixtures = Record<string, (input: { app: TestApp; accountId: string }) => Promise<string>>;

/** Runs one `insert … returning id` and answers the new row's id. */
export async function insertReturningId(app: TestApp, sql: string, params: unknown[]): Promise<string> {
  const result = await app.database.pool.query<{ id: string }>(sql, params);
  return result.rows[0]!.id;
}
