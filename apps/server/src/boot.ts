import path from 'node:path';
import type { Env } from './config/env.ts';
import { connectDatabase, runMigrations, type DatabaseHandle } from './db/client.ts';
import { startEmbeddedPostgres, type RunningPostgres } from './db/embedded-postgres.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { dataDir } from './lib/paths.ts';

export interface Infrastructure {
  connectionString: string;
  database: DatabaseHandle;
  mailer: Mailer;
  embedded: RunningPostgres | null;
  close(): Promise<void>;
}

/** The same path for both cases: an external PostgreSQL when DATABASE_URL is set, the embedded one otherwise. */
export async function startInfrastructure(config: Env, log: (message: string) => void = () => {}): Promise<Infrastructure> {
  const root = dataDir(config.DATA_DIR);
  let embedded: RunningPostgres | null = null;
  let connectionString = config.DATABASE_URL;
  if (!connectionString) {
    log(`Starting embedded PostgreSQL under ${path.join(root, 'pg')}...`);
    embedded = await startEmbeddedPostgres(path.join(root, 'pg'), config.EMBEDDED_POSTGRES_PORT, { log });
    connectionString = embedded.connectionString;
  }
  try {
    await runMigrations(connectionString);
  } catch (error) {
    // Not left running behind a process that is about to exit.
    await embedded?.stop();
    throw error;
  }
  // The API's queries plus an embedded worker's (its LISTEN, claims, batched records and graphile-worker's jobs); webhook
  // requests in flight hold no connection.
  const database = connectDatabase(connectionString, config.READ_DATABASE_URL, 40);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, mailDir: path.join(root, 'mail') });
  return {
    connectionString,
    database,
    mailer,
    embedded,
    async close() {
      await database.close();
      await embedded?.stop();
    },
  };
}
