/**
 * `npm run bench -- --smoke-all` (npm test): one embedded PostgreSQL for the smoke runs of the transactions, webhook
 * delivery and widget quote benchmarks, in one process. Its `rampart` database is migrated once and copied per
 * benchmark (CREATE DATABASE … TEMPLATE), so none starts, stops or migrates a PostgreSQL of its own, and each still
 * starts from an empty database: the quote's demo seed, the webhook queue and the generated transactions never meet.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { runMigrations } from '../apps/server/src/db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SmokeDatabases {
  /** A fresh copy of the migrated template, dropped first if an earlier run left it; answers its URL. */
  fresh(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startSmokeDatabases(log: (line: string) => void): Promise<SmokeDatabases> {
  const directory = path.join(root, process.env.BENCH_SMOKE_DATA_DIR ?? '.data/bench-smoke', 'pg');
  log(`Starting one embedded PostgreSQL for the smoke runs under ${directory}...`);
  const postgres = await startEmbeddedPostgres(directory, Number(process.env.BENCH_POSTGRES_PORT ?? 5496), { log });
  try {
    // The template: PostgreSQL copies it only while nobody is connected to it, and runMigrations closes its pool.
    await runMigrations(postgres.connectionString);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const url = (database: string) => {
    const next = new URL(postgres.connectionString);
    next.pathname = `/${database}`;
    return next.toString();
  };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    async fresh(name) {
      const database = `bench_${name}`;
      await admin(`drop database if exists "${database}" with (force)`);
      await admin(`create database "${database}" template rampart`);
      return url(database);
    },
    stop: () => postgres.stop(),
  };
}
