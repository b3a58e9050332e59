import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths.ts';
import { freePort } from '../../test/harness.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';

async function currentDatabase(connectionString: string): Promise<string> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select current_database() as name')).rows[0]!.name;
  } finally {
    await client.end();
  }
}

describe('a command run beside the server (npm run admin)', () => {
  it('shares the embedded PostgreSQL the server runs on its data directory, and leaves it running', async () => {
    const root = path.join(repoRoot, '.data', `share-pg-${process.pid}-${Date.now()}`);
    const directory = path.join(root, 'pg');
    try {
      expect(runningEmbeddedPostgres(directory)).toBeNull();
      const server = await startEmbeddedPostgres(directory, await freePort());
      try {
        const shared = runningEmbeddedPostgres(directory);
        expect(shared).not.toBeNull();
        expect(await currentDatabase(shared!.connectionString)).toBe('rampart');
        await shared!.stop();
        // The server's PostgreSQL still answers.
        expect(await currentDatabase(server.connectionString)).toBe('rampart');
      } finally {
        await server.stop();
      }
      expect(runningEmbeddedPostgres(directory)).toBeNull();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a program that imports the embedded PostgreSQL', () => {
  // The package's exit hook used to end such a program with code 0: vitest's main process reported failed tests and exited 0.
  it('ends with the exit code it set, and prints nothing of its own', () => {
    const script = `await import(${JSON.stringify(path.join(import.meta.dirname, 'embedded-postgres.ts'))}); process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
