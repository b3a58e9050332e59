/**
 * Backups proved by restoring them: rows committed (acknowledged) through the cluster's primary, then a pgBackRest
 * backup (`npm run cluster -- --backup`, incremental on the full backup the cluster took when it started), restored
 * into a fresh data directory on its own PostgreSQL: every row acknowledged before the backup is there. Then a
 * deliberate DELETE, and a point-in-time restore (the archived WAL replayed up to just before it) brings the deleted
 * rows back.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCluster, clusterBackups, restoreBackup } from './cluster.ts';
import { clusterUnderTest } from './test-helpers.ts';

const cluster = clusterUnderTest();
// The restored copies listen on the port after the cluster's last one (portBase + 50).
const RESTORE_PORT = Number(new URL(cluster.url).port) + 50;
const restoreRoot = path.join(cluster.dir, 'restore-test');

let primary: pg.Client;

beforeAll(async () => {
  fs.rmSync(restoreRoot, { recursive: true, force: true });
  fs.mkdirSync(restoreRoot, { recursive: true });
  primary = new pg.Client({ connectionString: cluster.primaryUrl });
  await primary.connect();
  await primary.query(
    'create table if not exists restore_check (id int primary key, batch text not null, committed_at timestamptz not null default clock_timestamp())',
  );
});

afterAll(async () => {
  await primary?.query('drop table if exists restore_check').catch(() => {});
  await primary?.end();
  fs.rmSync(restoreRoot, { recursive: true, force: true });
});

async function rowsIn(url: string, batch: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ id: number }>('select id from restore_check where batch = $1 order by id', [batch])).rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/** One commit per row, like acknowledged writes one after another. */
async function commitRows(from: number, count: number, batch: string): Promise<number[]> {
  const ids: number[] = [];
  for (let id = from; id < from + count; id += 1) {
    await primary.query('insert into restore_check (id, batch) values ($1, $2)', [id, batch]);
    ids.push(id);
  }
  return ids;
}

/** Waits until the primary's WAL up to now is in the repository (the segment switched out and archived). */
async function archivedUpToNow() {
  const { rows } = await primary.query<{ segment: string }>('select pg_walfile_name(pg_switch_wal()) as segment');
  const segment = rows[0]!.segment;
  await expect
    .poll(
      async () => {
        const stats = await primary.query<{ last: string | null }>('select last_archived_wal as last from pg_stat_archiver');
        return (stats.rows[0]!.last ?? '') >= segment;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

describe('backups, proved by restoring them', () => {
  let beforeBackup: number[] = [];
  let backupLabel = '';

  it('restores a backup into a fresh data directory with every row acknowledged before it', async () => {
    beforeBackup = await commitRows(1, 200, 'before-backup');
    const backups = await clusterBackups(cluster.dir);
    expect(backups.filter((backup) => backup.type === 'full').length, 'the full backup taken when the cluster started').toBeGreaterThanOrEqual(1);
    const backup = await backupCluster(cluster.dir, 'incr');
    backupLabel = backup.label;
    expect(backup.type).toBe('incr');
    console.log(`incremental backup ${backup.label}: ${(backup.repositoryBytes / 1e6).toFixed(2)} MB stored in ${backup.stoppedAt - backup.startedAt} s`);
    // Written after the backup: not in the backup itself.
    await commitRows(1000, 10, 'after-backup');

    const started = Date.now();
    const restored = await restoreBackup(cluster.dir, { into: path.join(restoreRoot, 'backup'), backupSet: backupLabel, port: RESTORE_PORT });
    try {
      console.log(`restored backup ${backupLabel} and started it in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(await rowsIn(restored.url, 'before-backup')).toEqual(beforeBackup);
      expect(await rowsIn(restored.url, 'after-backup')).toEqual([]);
      // The application's data came along (the demo organization seeded before the full backup).
      const client = new pg.Client({ connectionString: restored.url });
      await client.connect();
      try {
        expect(Number((await client.query<{ n: string }>(`select count(*) as n from accounts where name = 'Demo Payments'`)).rows[0]!.n)).toBe(1);
      } finally {
        await client.end();
      }
    } finally {
      await restored.stop();
    }
  });

  it('restores to a point in time just before a deliberate DELETE, bringing the deleted rows back', async () => {
    const more = await commitRows(2000, 50, 'before-delete');
    const { rows } = await primary.query<{ at: string }>(`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as at`);
    const justBefore = rows[0]!.at;
    const deleted = await primary.query(`delete from restore_check where batch in ('before-backup', 'before-delete')`);
    expect(deleted.rowCount).toBe(beforeBackup.length + more.length);
    await archivedUpToNow();

    const started = Date.now();
    const restored = await restoreBackup(cluster.dir, { into: path.join(restoreRoot, 'point-in-time'), targetTime: justBefore, port: RESTORE_PORT });
    try {
      console.log(`point-in-time restore to ${justBefore} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      expect(await rowsIn(restored.url, 'before-backup')).toEqual(beforeBackup);
      expect(await rowsIn(restored.url, 'before-delete')).toEqual(more);
      expect(await rowsIn(restored.url, 'after-backup')).toHaveLength(10);
    } finally {
      await restored.stop();
    }
    // The live database still has the DELETE.
    expect(await rowsIn(cluster.primaryUrl, 'before-backup')).toEqual([]);
  });
});
