/**
 * `npm run cluster [-- --dir .data/cluster --port-base 7300 --apis 3 --workers 2 --fresh]`: starts the cluster
 * (scripts/cluster/cluster.ts), prints its addresses and leaves it running.
 * `npm run cluster -- --stop [--dir …]`: stops every process it started, by the pids in <dir>/pids.json.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, startCluster, stopCluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    stop: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    dir: { type: 'string', default: '.data/cluster' },
    'port-base': { type: 'string', default: '7300' },
    apis: { type: 'string', default: '3' },
    workers: { type: 'string', default: '2' },
  },
});

const log = (line: string) => console.log(line);

async function main() {
  if (values.stop) {
    await stopCluster(values.dir, log);
    console.log(`Stopped the cluster in ${path.resolve(repoRoot, values.dir)}.`);
    return;
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
      `  primary            ${cluster.primaryUrl.replace(/:[^:@/]+@/, ':***@')}`,
      `  replica            ${cluster.replicaUrl.replace(/:[^:@/]+@/, ':***@')}`,
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
