import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { repoRoot } from '../src/lib/paths.ts';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from './harness.ts';
import { freePort, startServer, untilRunning } from './server-process.ts';

// `npm start` as users run it: the real server in its own process (server-process.ts), on the embedded PostgreSQL (no DATABASE_URL).
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) {
    const pid = postmasterPid(directory);
    if (pid !== null && running(pid)) process.kill(pid, 'SIGQUIT');
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

function dataDirectory(name: string): string {
  const directory = path.join(repoRoot, '.data', `${name}-${process.pid}-${Date.now()}`);
  directories.push(directory);
  return directory;
}

function postmasterPid(dataDir: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/** Alive and not a zombie (an orphaned postmaster is reparented to an init that may never reap it). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function serverEnv(dataDir: string): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    DEV_IDP_PORT: String(await freePort()),
    // The built-in local chain (anvil) too, with its state under DATA_DIR/chain.
    EVM_LOCAL_PORT: String(await freePort()),
  };
}

describe('restarting after the server was killed', () => {
  it('stops the PostgreSQL the killed server left running, starts again with the data intact, and leaves no PostgreSQL after SIGTERM', async () => {
    const dataDir = dataDirectory('restart');
    const env = await serverEnv(dataDir);
    const first = startServer(env);
    await untilRunning(first);
    const client = new ApiClient(env.PUBLIC_URL!);
    const { jobTitles } = await client.ok<{ jobTitles: string[] }>('{ jobTitles }');
    const email = uniqueEmail('restart');
    await client.ok(
      'mutation($f: String!, $l: String!, $j: String!, $e: String!, $p: String!) { signup(firstName: $f, lastName: $l, jobTitle: $j, email: $e, password: $p) { email } }',
      {
        f: 'Rita',
        l: 'Restart',
        j: jobTitles[0],
        e: email,
        p: STRONG_PASSWORD,
      },
    );
    const leftBehind = postmasterPid(dataDir)!;

    first.child.kill('SIGKILL');
    await first.exit;
    // Nothing stops the server's PostgreSQL when the server is killed.
    expect(running(leftBehind)).toBe(true);

    const second = startServer(env);
    try {
      await untilRunning(second);
      expect(running(leftBehind)).toBe(false);
      expect(second.output()).not.toContain('undefined');
      // The account signed up before the crash is there: the right password reaches the e-mail confirmation step.
      const login = await new ApiClient(env.PUBLIC_URL!).gql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { csrfToken } }', {
        e: email,
        p: STRONG_PASSWORD,
      });
      expect(login.errors?.[0]?.extensions?.emailNotVerified).toBe(true);
      const restarted = postmasterPid(dataDir)!;
      expect(restarted).not.toBe(leftBehind);

      second.child.kill('SIGTERM');
      expect(await second.exit).toBe(0);
      expect(postmasterPid(dataDir)).toBeNull();
      expect(running(restarted)).toBe(false);
    } finally {
      second.child.kill('SIGKILL');
    }
  }, 120_000);

  it('starts over a lock file whose process is not a PostgreSQL on this data directory (its pid taken by another program)', async () => {
    const dataDir = dataDirectory('stale-lock');
    const pgDir = path.join(dataDir, 'pg');
    const created = await startEmbeddedPostgres(pgDir, await freePort());
    await created.stop();
    // What a PostgreSQL stopped with the machine leaves, naming a pid that now belongs to another program of the same
    // user as PostgreSQL (as root, the embedded PostgreSQL runs as the postgres user), which PostgreSQL itself would
    // take for a running postmaster.
    const uid = process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })) : undefined;
    const other = spawn('sleep', ['120'], { uid, stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${other.pid}\n${pgDir}\n1795386293\n5433\n${pgDir}\nlocalhost\n  5408022         9\nready   \n`);
      const restarted = await startEmbeddedPostgres(pgDir, await freePort());
      await restarted.stop();
      expect(postmasterPid(dataDir)).toBeNull();
      expect(other.exitCode).toBeNull();
    } finally {
      other.kill('SIGKILL');
    }
  }, 60_000);

  it('explains a data directory from another PostgreSQL major version, and leaves it as it was', async () => {
    const dataDir = dataDirectory('old-major');
    const pgDir = path.join(dataDir, 'pg');
    const created = await startEmbeddedPostgres(pgDir, await freePort());
    await created.stop();
    fs.writeFileSync(path.join(pgDir, 'PG_VERSION'), '16\n');
    const server = startServer(await serverEnv(dataDir));
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain(
      `Rampart could not start: the data directory ${pgDir} holds a PostgreSQL 16 database, and the embedded PostgreSQL is version 17`,
    );
    expect(server.output()).not.toContain('undefined');
    expect(fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
  }, 60_000);
});
