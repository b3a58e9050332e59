import { inject } from 'vitest';
import type { Env } from '../src/config/env.ts';
import { createDatabaseFromTemplate, dropDatabase } from './databases.ts';
import { startTestApp, type TestApp } from './harness.ts';

/**
 * A database of its own beside the run's shared one (a copy of the run's migrated, seeded template), for tests that
 * must not share a queue with the other test files' workers (they run in parallel). Dropped by `drop()`.
 */
export async function createIsolatedDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('databaseUrl');
  const database = `${new URL(shared).pathname.slice(1)}_${name}`;
  return { url: await createDatabaseFromTemplate(shared, database, inject('templateDatabase')), drop: () => dropDatabase(shared, database) };
}

/**
 * A test app on a database of its own (createIsolatedDatabase; its URL is `config.DATABASE_URL`): `close()` drops the
 * database after closing the app.
 */
export async function startIsolatedTestApp(
  name: string,
  overrides: Partial<Record<keyof Env, string>> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): Promise<TestApp> {
  const isolated = await createIsolatedDatabase(name);
  let app: TestApp;
  try {
    app = await startTestApp({ ...overrides, DATABASE_URL: isolated.url }, options);
  } catch (error) {
    await isolated.drop();
    throw error;
  }
  const started = app;
  return {
    ...started,
    async close() {
      await started.close();
      await isolated.drop();
    },
  };
}
