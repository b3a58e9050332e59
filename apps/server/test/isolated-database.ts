import { inject } from 'vitest';
import { createDatabaseFromTemplate, dropDatabase } from './databases.ts';

/**
 * A database of its own beside the run's shared one (a copy of the run's migrated, seeded template), for tests that
 * must not share a queue with the other test files' workers (they run in parallel). Dropped by `drop()`.
 */
export async function createIsolatedDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('databaseUrl');
  const database = `${new URL(shared).pathname.slice(1)}_${name}`;
  return { url: await createDatabaseFromTemplate(shared, database, inject('templateDatabase')), drop: () => dropDatabase(shared, database) };
}
