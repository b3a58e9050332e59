import pg from 'pg';
import { inject } from 'vitest';
import { runMigrations } from '../src/db/client.ts';

/**
 * A migrated database of its own beside the run's shared one, for tests that must not share a queue with the other
 * test files' workers (they run in parallel). Dropped by `drop()`.
 */
export async function createIsolatedDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('databaseUrl');
  const database = `${new URL(shared).pathname.slice(1)}_${name}`;
  const admin = new pg.Client({ connectionString: shared });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(shared);
  url.pathname = `/${database}`;
  await runMigrations(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: shared });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${database}" with (force)`);
      await cleanup.end();
    },
  };
}
