/**
 * The ingestion stream's consumer in a process of its own, for the benchmark's kill -9: the app's services on the
 * benchmark's database and the worker's consumer (ingestStreamOf, as `npm run worker` starts it from INGEST_NATS_*).
 * Tells its parent over IPC when it is consuming and how many events it has settled.
 */
import { parseEnv } from '../apps/server/src/config/env.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/mail/mailer.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { ingestStreamOf } from '../apps/server/src/jobs/worker.ts';
import { startIngestStream } from '../apps/server/src/jobs/ingest-stream.ts';

const config = parseEnv({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', SMTP_URL: undefined });
const database = connectDatabase({ url: config.DATABASE_URL!, poolSize: 8 });
const mailer = createMailer({ smtpUrl: undefined, from: config.MAIL_FROM, mailDir: '/nonexistent' });
const app = await buildApp({ config, database, mailer, webRoot: null, seedReferenceData: false });
let settled = 0;
await startIngestStream({
  ...ingestStreamOf(app, config)!,
  ackWaitSeconds: 2,
  log: app.log,
  onBatch: ({ size }) => {
    settled += size;
    process.send?.({ type: 'settled', settled });
  },
});
process.send?.({ type: 'consuming' });
