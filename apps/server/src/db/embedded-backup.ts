/**
 * Backup and restore of the embedded PostgreSQL (the single-process default, no DATABASE_URL): `npm run backup` and
 * `npm run restore` (docs/decisions/0024-embedded-backups.md says why this way). A backup is a base backup taken with
 * PostgreSQL's low-level backup API — what pg_basebackup does — while the server keeps running: pg_backup_start, a tar
 * of the data directory, pg_backup_stop, the WAL written meanwhile and the backup_label, all in one .tar.gz. A restore
 * puts it into a new data directory (the old one is kept beside it), and PostgreSQL replays the WAL in it at its next
 * start to the state of the end of the backup.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';

export interface EmbeddedBackup {
  file: string;
  bytes: number;
  /** The WAL position the backup is consistent at. */
  stopLsn: string;
  seconds: number;
}

/** Runs GNU tar; exit 1 ("file changed as we read it") is expected while PostgreSQL runs: the WAL replay fixes it. */
function tar(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (error) => reject(new Error(`tar could not run: ${error.message}`)));
    child.on('close', (code) => (code === 0 || code === 1 ? resolve() : reject(new Error(`tar failed (exit ${code}): ${errors.trim()}`))));
  });
}

// Not part of a base backup (PostgreSQL's documentation, "Backup and Restore"): rebuilt or removed at start.
const EXCLUDED = [
  'postmaster.pid',
  'postmaster.opts',
  'pg_wal',
  'pg_replslot/*',
  'pg_dynshmem/*',
  'pg_notify/*',
  'pg_serial/*',
  'pg_snapshots/*',
  'pg_stat_tmp/*',
  'pg_subtrans/*',
  'pgsql_tmp*',
  '.s.PGSQL.*',
];

/** A base backup of the PostgreSQL on `dataDirectory`, reached at `connectionString` (a superuser), into `outFile`. */
export async function backupEmbeddedPostgres(connectionString: string, dataDirectory: string, outFile: string): Promise<EmbeddedBackup> {
  const started = Date.now();
  const client = new pg.Client({ connectionString });
  await client.connect();
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-backup-'));
  try {
    // A non-exclusive backup lives as long as this session; fast: an immediate checkpoint.
    await client.query(`select pg_backup_start($1, true)`, [`rampart ${new Date().toISOString()}`]);
    const files = path.join(staging, 'files.tar');
    await tar([
      '-cf',
      files,
      '-C',
      dataDirectory,
      ...EXCLUDED.map((pattern) => `--exclude=./${pattern}`),
      '--warning=no-file-changed',
      '--warning=no-file-removed',
      '.',
    ]);
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'select lsn::text, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { lsn, labelfile } = stop.rows[0]!;
    // The WAL from the backup's start to its stop is in pg_wal now (no archive: pg_wal keeps it until the next checkpoint).
    fs.writeFileSync(path.join(staging, 'backup_label'), labelfile);
    const walDir = path.join(staging, 'pg_wal');
    fs.mkdirSync(path.join(walDir, 'archive_status'), { recursive: true });
    for (const name of fs.readdirSync(path.join(dataDirectory, 'pg_wal')))
      if (/^[0-9A-F]{24}$/.test(name) || name.endsWith('.history')) fs.copyFileSync(path.join(dataDirectory, 'pg_wal', name), path.join(walDir, name));
    // Owned like the data directory (as root, the embedded PostgreSQL runs as `postgres`; tar keeps owners for root).
    const { uid, gid } = fs.statSync(dataDirectory);
    for (const each of [
      path.join(staging, 'backup_label'),
      walDir,
      path.join(walDir, 'archive_status'),
      ...fs.readdirSync(walDir).map((name) => path.join(walDir, name)),
    ])
      fs.chownSync(each, uid, gid);
    await tar(['-rf', files, '-C', staging, 'backup_label', 'pg_wal']);
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    const partial = `${outFile}.partial`;
    await new Promise<void>((resolve, reject) => {
      const child = spawn('gzip', ['-c', files], { stdio: ['ignore', fs.openSync(partial, 'w'), 'pipe'] });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`gzip failed (exit ${code})`))));
    });
    fs.renameSync(partial, outFile);
    return { file: outFile, bytes: fs.statSync(outFile).size, stopLsn: lsn, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    // An aborted backup ends with the session.
    await client.end().catch(() => {});
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Unpacks a backup of `backupFile` as the data directory `dataDirectory`, which must not be running. The directory there
 * now (if any) is moved aside to `<dataDirectory>.before-restore-<time>`, never deleted; returns that path.
 */
export async function restoreEmbeddedPostgres(backupFile: string, dataDirectory: string): Promise<{ keptAside: string | null }> {
  if (!fs.existsSync(backupFile)) throw new Error(`No backup at ${backupFile}`);
  const incoming = `${dataDirectory}.restoring`;
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.mkdirSync(incoming, { recursive: true, mode: 0o700 });
  try {
    await tar(['-xzf', backupFile, '-C', incoming]);
    if (!fs.existsSync(path.join(incoming, 'backup_label')) || !fs.existsSync(path.join(incoming, 'PG_VERSION')))
      throw new Error(`${backupFile} is not a backup of npm run backup (no backup_label or PG_VERSION in it)`);
    for (const empty of ['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_wal/archive_status'])
      fs.mkdirSync(path.join(incoming, empty), { recursive: true, mode: 0o700 });
    fs.chmodSync(incoming, 0o700);
    // The owner of the data directory's files (tar as root kept them); the new directories and the top one alike.
    const owner = fs.statSync(path.join(incoming, 'PG_VERSION'));
    for (const each of [
      incoming,
      ...['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_wal/archive_status'].map((name) =>
        path.join(incoming, name),
      ),
    ])
      fs.chownSync(each, owner.uid, owner.gid);
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  let keptAside: string | null = null;
  if (fs.existsSync(dataDirectory)) {
    keptAside = `${dataDirectory}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDirectory, keptAside);
  }
  fs.renameSync(incoming, dataDirectory);
  return { keptAside };
}
