import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from './harness.ts';
import { accountWithMember } from './accounts-helper.ts';
import { startIsolatedTestApp } from './isolated-database.ts';

// `npm run simulate-provider` (issue 34): a provider's core played through the public ingestion endpoint.
// A database of its own: at most two ingestion credentials are active at once, and other files count theirs.
let t: TestApp;
beforeAll(async () => {
  t = await startIsolatedTestApp('simulator');
});
afterAll(async () => {
  await t?.close();
});

it('npm run simulate-provider streams customers, transactions and their status changes, every event accepted', async () => {
  const { accountId } = await accountWithMember(t);
  const { secret } = await t.app.services.ingestion.createCredential({ name: `Simulator ${accountId}`, createdBy: 'test' });
  const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, '../src/simulate-provider.ts'),
        '--account',
        accountId,
        '--url',
        t.baseUrl,
        '--rate',
        '10',
        '--speed',
        '1000',
        '--events',
        '60',
        '--seed',
        '7',
      ],
      { env: { ...process.env, RAMPART_INGESTION_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/sent 60 \(accepted 60, duplicate 0, stale 0, refused 0\)/);
  const counts = await t.database.pool.query<{ customers: number; transactions: number; moved: number }>(
    `select (select count(*) from customers where account_id = $1)::int as customers,
            (select count(*) from transactions where account_id = $1 and live_mode)::int as transactions,
            (select count(*) from transactions where account_id = $1 and version >= 2)::int as moved`,
    [accountId],
  );
  expect(counts.rows[0]!.customers).toBeGreaterThan(0);
  expect(counts.rows[0]!.transactions).toBeGreaterThan(0);
  expect(counts.rows[0]!.moved).toBeGreaterThan(0);
});
