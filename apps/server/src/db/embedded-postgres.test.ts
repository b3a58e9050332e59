import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

describe('a port another program takes after the embedded PostgreSQL chose it', () => {
  // npm test starts the benchmark smokes' PostgreSQL beside the server tests': both saw the same port free, and the one
  // that bound it second did not start (a CI run's server tests ended after 16 s, no test run).
  it('starts on another free port, and says so', async () => {
    const directory = path.join(repoRoot, '.data', `race-pg-${process.pid}-${Date.now()}`);
    const port = await freePort();
    const lines: string[] = [];
    const holder = net.createServer();
    try {
      const starting = startEmbeddedPostgres(directory, port, { log: (line) => lines.push(line) });
      // initdb writes PG_VERSION first and runs for about a second more: the port was chosen, PostgreSQL not started.
      await expect.poll(() => fs.existsSync(path.join(directory, 'PG_VERSION')), { interval: 5, timeout: 30_000 }).toBe(true);
      await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
      const cluster = await starting;
      try {
        expect(new URL(cluster.connectionString).port).not.toBe(String(port));
        expect(await currentDatabase(cluster.connectionString)).toBe('rampart');
        expect(lines).toContain(`The embedded PostgreSQL lost port ${port} to another program while starting; trying another port.`);
      } finally {
        await cluster.stop();
      }
    } finally {
      holder.close();
      fs.rmSync(directory, { recursive: true, force: true });
    }
  }, 90_000);
});
