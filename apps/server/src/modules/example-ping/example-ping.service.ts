import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export function createExamplePingService(deps: { db: Database }) {
  return {
    /** One round trip to PostgreSQL. */
    async ping(): Promise<string> {
      const result = await deps.db.execute<{ answer: string }>(sql`select 'pong' as answer`);
      return result.rows[0]!.answer;
    },
  };
}
