import pg from 'pg';
import { runMigrations } from '../src/db/client.ts';

/** Creates a database beside the one `adminUrl` names and migrates it; answers its URL. */
export async function createMigratedDatabase(adminUrl: string, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await runMigrations(url.toString());
  return url.toString();
}

export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${database}" with (force)`);
  await admin.end();
}
