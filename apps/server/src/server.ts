import { loadEnvOrExit, runsDevelopmentIdentityProvider } from './config/env.ts';
import { startInfrastructure } from './boot.ts';
import { describeError, exitWithStartupFailure } from './lib/startup-error.ts';
import { takeOverShutdownSignals } from './lib/signals.ts';
import { buildApp } from './app.ts';
import { seedDemo } from './db/seed-demo.ts';
import { createFileStorage } from './lib/file-storage.ts';
import { seedDemoTransactions } from './modules/transactions/demo-seed.ts';
import { startAppWorker } from './jobs/worker.ts';
import { reportFatalErrors } from './lib/error-reporting.ts';

/**
 * On SIGTERM, how long /readyz answers 503 before the server stops taking connections: enough for the load balancer
 * to see it fail and stop sending here (deploy/haproxy/haproxy.cfg: a check every 1 s, 500 ms after a failure, out after
 * 2 failures, so within ~1.5 s).
 * Requests in flight, and those that still arrive meanwhile, are served; app.close() then lets in-flight ones finish.
 */
export const DRAIN_GRACE_MS = 2_000;

async function main() {
  const config = loadEnvOrExit();
  const infrastructure = await startInfrastructure(config, (message) => console.log(message));
  const demo = config.SEED_DEMO ? await seedDemo(infrastructure.database.db, { storage: createFileStorage(config) }) : null;
  if (demo) await seedDemoTransactions(infrastructure.database, (message) => console.log(message));
  const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain });
  reportFatalErrors(app.errorReporter, app.log);
  // Loaded only when it runs: development, SSO on, no OIDC_ISSUER.
  const devIdp = runsDevelopmentIdentityProvider(config)
    ? await (
        await import('./dev/identity-provider/dev-identity-provider.ts')
      ).startDevelopmentIdentityProvider({ config, database: infrastructure.database, mailer: infrastructure.mailer })
    : null;

  const worker = config.WORKER_MODE === 'embedded' ? await startAppWorker(app, infrastructure.database, config) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // SIGTERM (a deployment, systemd stop): drain first, /readyz 503 while still serving. SIGINT (Ctrl-C): at once.
      app.observability.markDraining();
      if (signal === 'SIGTERM') await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
      await worker?.stop();
      await app.close();
      await devIdp?.close();
      await infrastructure.close();
    } catch (error) {
      console.error(`Rampart did not shut down cleanly: ${describeError(error)}`);
      process.exit(1);
    }
    process.exit(0);
  };
  takeOverShutdownSignals();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const lines = [
    '',
    `Rampart is running on ${config.PUBLIC_URL}${config.RAMPART_ENV === 'production' ? ' (production)' : ''}`,
    demo ? `Demo login: ${demo.email} / ${demo.password}` : null,
    config.RAMPART_ENV === 'development' && infrastructure.mailer.usesDevelopmentMailbox
      ? `Development mailbox: ${new URL('/dev/mailbox', config.PUBLIC_URL).href}`
      : null,
    devIdp ? `Development SMS outbox: ${new URL('/dev/sms', config.PUBLIC_URL).href}` : null,
    devIdp ? `Development identity provider (SSO): ${devIdp.issuer}` : null,
    infrastructure.localChain
      ? `Built-in local EVM chain (chain id ${infrastructure.chain?.chainId}, tokens have no value): ${infrastructure.localChain.rpcUrl}`
      : null,
    '',
  ].filter((line) => line !== null);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => exitWithStartupFailure('Rampart', error));
