/**
 * The cluster's backup schedule (started by `npm run cluster`, stopped with it): an incremental pgBackRest backup
 * every BACKUP_INCREMENTAL_MINUTES (60), a full one once the newest full backup is BACKUP_FULL_HOURS (24) old. Each run
 * is one line in <dir>/logs/backup-scheduler.log. In a real deployment a systemd timer or cron runs
 * `pgbackrest --stanza=rampart backup --type=incr|full` instead (docs/operations.md, "Backup").
 */
import { backupCluster, clusterBackups } from './cluster.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: backup-scheduler.ts <cluster directory>');
const incrementalMs = Number(process.env.BACKUP_INCREMENTAL_MINUTES ?? 60) * 60_000;
const fullMs = Number(process.env.BACKUP_FULL_HOURS ?? 24) * 3_600_000;

async function once() {
  const backups = await clusterBackups(dir);
  const lastFull = backups.filter((backup) => backup.type === 'full').at(-1);
  const type = !lastFull || Date.now() - lastFull.stoppedAt * 1000 >= fullMs ? 'full' : 'incr';
  const backup = await backupCluster(dir, type);
  console.log(`${new Date().toISOString()} ${type} backup ${backup.label}: ${backup.repositoryBytes} bytes in ${backup.stoppedAt - backup.startedAt} s`);
}

for (;;) {
  await new Promise((resolve) => setTimeout(resolve, incrementalMs));
  await once().catch((error: unknown) => console.error(`${new Date().toISOString()} backup failed: ${error instanceof Error ? error.message : String(error)}`));
}
