// A job worker on its own: `npm run worker`. Run as many as needed beside API processes started with WORKER_MODE=off.
import { loadEnvOrExit } from './config/env.ts';
import { startInfrastructure } from './boot.ts';
import { exitWithStartupFailure } from './lib/startup-error.ts';
import { buildApp } from './app.ts';
import { startWorker } from './jobs/worker.ts';

async function main() {
  const config = loadEnvOrExit();
  const infrastructure = await startInfrastructure(config);
  // The app is built (not listened on) so the worker uses exactly the services the API uses.
  const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
  const worker = await startWorker({ pool: infrastructure.database.directPool, services: app.services, concurrency: config.WORKER_CONCURRENCY, nftWatchIntervalSeconds: config.PASSES_NFT_WATCH_INTERVAL_SECONDS, log: app.log });
  app.log.info({ concurrency: config.WORKER_CONCURRENCY }, 'worker started');
  const stop = async () => {
    await worker.stop();
    await app.close();
    await infrastructure.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => exitWithStartupFailure('The Rampart worker', error));
