// A job worker on its own: `npm run worker`. Run as many as needed beside API processes started with WORKER_MODE=off.
import { loadEnvOrExit } from './config/env.ts';
import { startInfrastructure } from './boot.ts';
import { exitWithStartupFailure } from './lib/startup-error.ts';
import { takeOverShutdownSignals } from './lib/signals.ts';
import { buildApp } from './app.ts';
import { startAppWorker } from './jobs/worker.ts';
import { startWorkerHttpServer } from './lib/observability/worker-http.ts';
import { reportFatalErrors } from './lib/error-reporting.ts';

async function main() {
  const config = loadEnvOrExit();
  const infrastructure = await startInfrastructure(config);
  // The app is built (not listened on) so the worker uses exactly the services the API uses.
  const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
  reportFatalErrors(app.errorReporter, app.log);
  const worker = await startAppWorker(app, infrastructure.database, config);
  // /metrics, /healthz, /readyz of this worker (decision 0018); ready while its database answers and its loop runs.
  const http =
    config.WORKER_HTTP_PORT > 0
      ? await startWorkerHttpServer({
          host: config.HOST,
          port: config.WORKER_HTTP_PORT,
          observability: app.observability,
          metricsToken: config.METRICS_TOKEN,
          readinessChecks: [() => worker.notRunningReason()],
          log: app.log,
        })
      : null;
  app.log.info({ concurrency: config.WORKER_CONCURRENCY, http: http?.url ?? null }, 'worker started');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.observability.markDraining();
    await worker.stop();
    await http?.close();
    await app.close();
    await infrastructure.close();
    process.exit(0);
  };
  takeOverShutdownSignals();
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => exitWithStartupFailure('The Rampart worker', error));
