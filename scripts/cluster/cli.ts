/**
 * `npm run cluster [-- --dir .data/cluster --port-base 7300 --apis 3 --workers 2 --fresh]`: starts the cluster
 * (scripts/cluster/cluster.ts), prints its addresses and leaves it running.
 * `npm run cluster -- --stop [--dir …]`: stops every process it started, by the pids in <dir>/pids.json.
 * `npm run cluster -- --backup [--type full|diff|incr]`: a pgBackRest backup of the running cluster (incremental by
 * default); `--backups` lists the repository's backups.
 * `npm run cluster -- --restore <new directory> [--target-time "2026-11-29 12:00:00+00"] [--port 7350]`: restores the
 * latest backup and the archived WAL up to the end (or up to the given time) into a new data directory and starts a
 * PostgreSQL on it, to check the data or copy rows back (docs/operations.md, "Restore").
 * `npm run cluster -- --switchover`: hands the primary role to the synchronous replica (Patroni).
 * `npm run cluster -- --replace-database [--target-time …]`: replaces the whole database with the backups (every node's
 * data directory moved aside; docs/operations.md, "Restore").
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  attachCluster,
  backupCluster,
  clusterBackups,
  replaceDatabase,
  repoRoot,
  restoreBackup,
  startCluster,
  stopCluster,
  type BackupType,
} from './cluster.ts';

const { values } = parseArgs({
  options: {
    stop: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    dir: { type: 'string', default: '.data/cluster' },
    'port-base': { type: 'string', default: '7300' },
    apis: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
    backup: { type: 'boolean', default: false },
    type: { type: 'string', default: 'incr' },
    backups: { type: 'boolean', default: false },
    restore: { type: 'string' },
    'target-time': { type: 'string' },
    port: { type: 'string' },
    switchover: { type: 'boolean', default: false },
    'replace-database': { type: 'boolean', default: false },
  },
});

const log = (line: string) => console.log(line);

async function main() {
  if (values.stop) {
    await stopCluster(values.dir, log);
    console.log(`Stopped the cluster in ${path.resolve(repoRoot, values.dir)}.`);
    return;
  }
  const describe = (backup: { label: string; type: string; startedAt: number; stoppedAt: number; databaseBytes: number; repositoryBytes: number }) =>
    `${backup.label}  ${backup.type.padEnd(4)}  ${new Date(backup.stoppedAt * 1000).toISOString()}  ${backup.stoppedAt - backup.startedAt} s  database ${(backup.databaseBytes / 1e6).toFixed(1)} MB, stored ${(backup.repositoryBytes / 1e6).toFixed(1)} MB`;
  if (values.backup) {
    if (!['full', 'diff', 'incr'].includes(values.type)) throw new Error('--type takes full, diff or incr');
    console.log(`Backed up: ${describe(await backupCluster(values.dir, values.type as BackupType))}`);
    return;
  }
  if (values.backups) {
    for (const backup of await clusterBackups(values.dir)) console.log(describe(backup));
    return;
  }
  if (values.switchover) {
    const { from, to } = await attachCluster(values.dir, log).database.switchover();
    console.log(`The primary is now ${to} (was ${from}).`);
    return;
  }
  if (values['replace-database']) {
    const replaced = await replaceDatabase(values.dir, { targetTime: values['target-time'], log });
    console.log(
      `Replaced the database from the backups ${values['target-time'] ? `as of ${values['target-time']}` : 'to the end of the archived WAL'}: writes through HAProxy after ${(replaced.writableAfterMs / 1000).toFixed(1)} s, everything running after ${(replaced.doneAfterMs / 1000).toFixed(1)} s. The old data directories: ${replaced.movedAside.join(', ')}.`,
    );
    process.exit(0);
  }
  if (values.restore) {
    const port = Number(values.port ?? Number(values['port-base']) + 50);
    const restored = await restoreBackup(values.dir, { into: values.restore, targetTime: values['target-time'], port });
    console.log(
      [
        `Restored ${values['target-time'] ? `to ${values['target-time']}` : 'to the end of the archived WAL'} into ${restored.dataDir}.`,
        `A PostgreSQL runs on it: ${restored.url.replace(/:[^:@/]+@/, ':***@')} (the cluster's password).`,
        `Stop it with: pg_ctl stop -D ${restored.dataDir}`,
      ].join('\n'),
    );
    process.exit(0);
  }
  const portBase = Number(values['port-base']);
  if (!Number.isInteger(portBase) || portBase < 1024 || portBase > 65_000) throw new Error('--port-base takes a port between 1024 and 65000');
  const cluster = await startCluster({
    dir: values.dir,
    portBase,
    apiProcesses: Number(values.apis),
    workers: Number(values.workers),
    fresh: values.fresh,
    log,
  });
  const { DEMO_LOGIN } = await import('../../apps/server/src/db/seed-demo.ts');
  console.log(
    [
      '',
      `Rampart cluster running (${cluster.dir}):`,
      `  HAProxy            ${cluster.url}   (stats page http://127.0.0.1:${portBase + 1}/)`,
      ...cluster.apis.map((api) => `  ${api.name.padEnd(18)} ${api.url}   pid ${api.pid}`),
      ...cluster.workers.map((worker) => `  ${worker.name.padEnd(18)} ${worker.url}/metrics   pid ${worker.pid}`),
      `  PgBouncer          ${cluster.pgbouncerUrl.replace(/:[^:@/]+@/, ':***@')} (and /rampart_replica)`,
      `  primary            ${cluster.primaryUrl.replace(/:[^:@/]+@/, ':***@')} (HAProxy: whichever node Patroni has as leader)`,
      `  replica            ${cluster.replicaUrl.replace(/:[^:@/]+@/, ':***@')} (HAProxy: the streaming replica)`,
      ...cluster.database.nodes.map(
        (node) => `  ${`${node.name} (Patroni)`.padEnd(18)} 127.0.0.1:${node.pgPort}, REST http://127.0.0.1:${node.restPort}/cluster`,
      ),
      `  backups            ${path.join(cluster.dir, 'pgbackrest', 'repo')} (npm run cluster -- --backup / --backups / --restore <dir>)`,
      `  password, keys     ${path.join(cluster.dir, 'secrets.json')}`,
      `  logs               ${path.join(cluster.dir, 'logs')}`,
      `Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`,
      `Stop it with: npm run cluster -- --stop${values.dir === '.data/cluster' ? '' : ` --dir ${values.dir}`}`,
      '',
    ].join('\n'),
  );
  // The cluster runs detached; this process's database pools and timers must not keep it alive.
  process.exit(0);
}

main().catch((error: unknown) => {
  const cause = error instanceof Error && error.cause ? `\n  cause: ${error.cause instanceof Error ? error.cause.message : JSON.stringify(error.cause)}` : '';
  console.error(`The cluster could not start: ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
