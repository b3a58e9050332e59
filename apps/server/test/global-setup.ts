import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import { runMigrations } from '../src/db/client.ts';
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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await runMigrations(url.toString());
  project.provide('databaseUrl', url.toString());
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists "${database}" with (force)`);
    await cleanup.end();
    await embedded?.stop();
  };
}
