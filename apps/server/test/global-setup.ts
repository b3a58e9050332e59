import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import { createMigratedDatabase, dropDatabase } from './databases.ts';
import { repoRoot } from '../src/lib/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let embedded: RunningPostgres | null = null;

/** One real PostgreSQL per run: the external one when DATABASE_URL is set, the embedded one otherwise; a fresh database each run. */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres(path.join(repoRoot, '.data/test-pg'), 5499, { database: 'postgres', extraFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off'] });
    adminUrl = embedded.connectionString;
  }
  const database = `rampart_test_${Date.now()}_${process.pid}`;
  project.provide('databaseUrl', await createMigratedDatabase(adminUrl, database));
  return async () => {
    await dropDatabase(adminUrl, database);
    await embedded?.stop();
  };
}
