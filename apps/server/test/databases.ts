import pg from 'pg';
import { runMigrations } from '../src/db/client.ts';

async function asAdmin(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** `database`'s URL on the server `adminUrl` names. */
export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates a database beside the one `adminUrl` names and migrates it; answers its URL. */
export async function createMigratedDatabase(adminUrl: string, database: string): Promise<string> {
  await asAdmin(adminUrl, `create database "${database}"`);
  const url = databaseUrl(adminUrl, database);
  await runMigrations(url);
  return url;
}

/**
 * Marks a migrated, seeded database as a template nobody connects to: PostgreSQL copies a template only while no
 * session is connected to it, and a copy takes milliseconds where migrating takes seconds.
 */
export async function sealTemplate(adminUrl: string, template: string): Promise<void> {
  await asAdmin(adminUrl, `alter database "${template}" with is_template true allow_connections false`);
}

/** A new database copied from `template` (sealTemplate); answers its URL. */
export async function createDatabaseFromTemplate(adminUrl: string, database: string, template: string): Promise<string> {
  await asAdmin(adminUrl, `create database "${database}" template "${template}"`);
  return databaseUrl(adminUrl, database);
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  await asAdmin(adminUrl, `drop database if exists "${database}" with (force)`);
}

export async function dropTemplate(adminUrl: string, template: string): Promise<void> {
  await asAdmin(adminUrl, `alter database "${template}" with is_template false`);
  await dropDatabase(adminUrl, template);
}
