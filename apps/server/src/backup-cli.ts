// `npm run backup [-- --out <file>]` and `npm run restore -- <file>`: backups of the embedded PostgreSQL under DATA_DIR
// (the single-process default; db/embedded-backup.ts). With DATABASE_URL set the database is the operator's own:
// back it up with pgBackRest (docs/operations.md, "Backup"; `npm run cluster -- --backup` for the local cluster).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadEnvOrExit } from './config/env.ts';
import { backupEmbeddedPostgres, restoreEmbeddedPostgres } from './db/embedded-backup.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { describeError } from './lib/startup-error.ts';
import { dataDir } from './lib/paths.ts';

const command = process.argv[2];
const { values, positionals } = parseArgs({ args: process.argv.slice(3), options: { out: { type: 'string' } }, allowPositionals: true });

async function main() {
  const config = loadEnvOrExit();
  if (config.DATABASE_URL)
    throw new Error(
      'DATABASE_URL is set: this database is not the embedded one. Back it up with pgBackRest (docs/operations.md, "Backup"); for `npm run cluster`: npm run cluster -- --backup.',
    );
  const root = dataDir(config.DATA_DIR);
  const pgDirectory = path.join(root, 'pg');
  if (command === 'backup') {
    if (!fs.existsSync(path.join(pgDirectory, 'PG_VERSION'))) throw new Error(`No embedded PostgreSQL under ${pgDirectory} to back up.`);
    const out = path.resolve(values.out ?? path.join(root, 'backups', `rampart-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`));
    // Beside a running server: its PostgreSQL, which keeps serving meanwhile. Else one started for the backup.
    const running = runningEmbeddedPostgres(pgDirectory, 'postgres');
    const postgres = running ?? (await startEmbeddedPostgres(pgDirectory, config.EMBEDDED_POSTGRES_PORT, { database: 'postgres' }));
    try {
      const backup = await backupEmbeddedPostgres(postgres.connectionString, pgDirectory, out);
      console.log(
        `Backed up the embedded PostgreSQL (${pgDirectory}) to ${backup.file}: ${(backup.bytes / 1e6).toFixed(1)} MB in ${backup.seconds} s, consistent at WAL ${backup.stopLsn}.`,
      );
      console.log(`Restore it with: npm run restore -- ${backup.file}   (with the server stopped)`);
    } finally {
      await postgres.stop();
    }
    return;
  }
  if (command === 'restore') {
    const file = positionals[0];
    if (!file) throw new Error('Usage: npm run restore -- <backup file of npm run backup>');
    if (runningEmbeddedPostgres(pgDirectory))
      throw new Error(`The embedded PostgreSQL under ${pgDirectory} is running: stop the server first (restoring replaces its data directory).`);
    const { keptAside } = await restoreEmbeddedPostgres(path.resolve(file), pgDirectory);
    // The first start replays the WAL in the backup; then a look at what came back.
    const postgres = await startEmbeddedPostgres(pgDirectory, config.EMBEDDED_POSTGRES_PORT);
    try {
      const client = new pg.Client({ connectionString: postgres.connectionString });
      await client.connect();
      try {
        const users = (await client.query<{ n: string }>('select count(*) as n from users')).rows[0]!.n;
        const transactions = (await client.query<{ n: string }>('select count(*) as n from transactions')).rows[0]!.n;
        console.log(`Restored ${file} into ${pgDirectory}: ${users} users, ${transactions} transactions.`);
      } finally {
        await client.end();
      }
    } finally {
      await postgres.stop();
    }
    if (keptAside) console.log(`The data directory it replaced is kept at ${keptAside} (delete it once you are satisfied).`);
    return;
  }
  throw new Error('Usage: npm run backup [-- --out <file>] | npm run restore -- <file>');
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
