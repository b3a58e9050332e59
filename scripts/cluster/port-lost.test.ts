/**
 * A port of the cluster's layout held by another program: the start refuses before it starts anything and names the
 * program (pid and command line); global-setup.ts says so when it tries the start again on another port base.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, startCluster } from './cluster.ts';
import { portLost } from './global-setup.ts';

const dir = path.join(repoRoot, '.data', 'cluster-port-lost-test');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A listener of this process on PgBouncer's place (port base + 40) of a layout away from the cluster under test. */
async function holdPgBouncerPort(): Promise<{ portBase: number; holder: net.Server }> {
  for (let portBase = 8100; portBase < 9000; portBase += 100) {
    const holder = net.createServer();
    const held = await new Promise<boolean>((resolve) => {
      holder.once('error', () => resolve(false));
      holder.listen(portBase + 40, '127.0.0.1', () => resolve(true));
    });
    if (held) return { portBase, holder };
  }
  throw new Error('no free port between 8140 and 8940 to hold');
}

describe('a port of the layout taken by another program', () => {
  it('is refused before anything starts, naming the program that holds it', async () => {
    const { portBase, holder } = await holdPgBouncerPort();
    try {
      const start = startCluster({ dir, portBase, apiProcesses: 1, workers: 0 });
      const error = await start.then(
        () => null,
        (reason: unknown) => reason as Error,
      );
      expect(error?.message).toMatch(new RegExp(`^Ports [\\d, ]*\\b${portBase + 40}\\b[\\d, ]* on 127\\.0\\.0\\.1 are taken \\(portBase ${portBase}\\)`));
      expect(error?.message).toContain(`${portBase + 40} (listening): pid ${process.pid} `);
      expect(portLost(error!.message)).toBe(true);
      expect(fs.existsSync(path.join(dir, 'pids.json'))).toBe(false);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('is told apart from the other failures in what global-setup.ts prints', () => {
    // PgBouncer's and Patroni's (Python) own words for a port another program took between the check and their bind.
    expect(portLost('PgBouncer exited while starting; …\nWARNING cannot listen on 127.0.0.1:7340: bind(): Address already in use')).toBe(true);
    expect(portLost('Patroni pg1 (primary) exited while starting; …\nOSError: [Errno 98] Address already in use')).toBe(true);
    expect(portLost('Patroni pg1 (primary) was not ready within 120 s; …\nFATAL: could not write lock file')).toBe(false);
    expect(portLost('pgbackrest stanza-create failed (exit 56)')).toBe(false);
  });
});
