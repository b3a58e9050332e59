/**
 * Issue 32, "Hostile input never blocks the server": each hostile upload — a .p12 asking for 8,388,607 iterations, a
 * .p12 at the highest counts accepted, the largest logo accepted, a PNG decompression bomb, a 10 MB PDF and a gzip bomb
 * as KYB documents — sent over
 * and over beside a steady `me` load. The app runs in this process, so the event loop's delay is measured where it
 * happens (perf_hooks.monitorEventLoopDelay); the `me` load (autocannon) and the uploads come from their own processes.
 * Target: the event loop never waits more than 100 ms, before or during the uploads.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Result } from 'autocannon';
import forge from 'node-forge';
import pngjs from 'pngjs';
import { KYB_MAX_FILE_BYTES } from '@rampart/shared/kyb';
import { THEME_LOGO_MAX_BYTES, THEME_LOGO_MAX_PIXELS } from '@rampart/shared/themes';
import { parseEnv, type Env } from '../apps/server/src/config/env.ts';
import { startInfrastructure } from '../apps/server/src/boot.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_LOGIN, seedDemo } from '../apps/server/src/db/seed-demo.ts';
import { generateDevelopmentAppleCredentials } from '../apps/server/src/modules/passes/pass-credentials.ts';
import { MAX_KDF_ITERATIONS } from '../apps/server/src/modules/passes/key-derivation-limits.ts';
import { ME_QUERY, runLoad } from './me-query.bench.ts';
import type { HostileUpload, SenderRequest, SenderResult, UploadOutcome } from './hostile-sender.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const performanceDoc = path.join(repoRoot, 'docs/performance.md');
const START = '<!-- bench:hostile:start (written by npm run bench -- --hostile; edit outside the markers) -->';
const END = '<!-- bench:hostile:end -->';

export const HOSTILE_TARGET = { maxEventLoopDelayMs: 100 } as const;

export interface PhaseMeasurement {
  phase: 'before' | 'during';
  meRequestsPerSecond: number;
  meP99: number;
  meErrors: number;
  loopDelayMaxMs: number;
  loopDelayP99Ms: number;
}

/** One upload sent on its own, with no other load: the event loop's worst delay while it was answered. */
export interface AloneMeasurement {
  label: string;
  loopDelayMaxMs: number;
  answerMs: number;
}

export interface HostileResult {
  phases: PhaseMeasurement[];
  alone: AloneMeasurement[];
  outcomes: UploadOutcome[];
  durationSeconds: number;
  connections: number;
}

function benchConfig(): Env {
  return parseEnv({
    ...process.env,
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? '.data/bench',
    EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '5496',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    SEED_DEMO: 'true',
    SMTP_URL: undefined,
  });
}

// --- The files -------------------------------------------------------------------------------------------------------

function p12Of(material: ReturnType<typeof generateDevelopmentAppleCredentials>, password: string, count: number): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(material.signerKeyPem),
    [forge.pki.certificateFromPem(material.signerCertPem), forge.pki.certificateFromPem(material.wwdrPem)],
    password,
    { algorithm: '3des', count },
  );
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The attacker's edit: the MAC's iteration count (MacData's third field) set to `iterations`. */
function withMacIterations(der: Buffer, iterations: number): Buffer {
  const root = forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')));
  const macData = root.value[2] as forge.asn1.Asn1;
  (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.INTEGER,
    false,
    forge.asn1.integerToDer(iterations).getBytes(),
  );
  return Buffer.from(forge.asn1.toDer(root).getBytes(), 'binary');
}

/** The largest logo accepted: every pixel allowed, noisy enough to be near the size limit. */
function largestLogo(): Buffer {
  const side = Math.floor(Math.sqrt(THEME_LOGO_MAX_PIXELS));
  const image = new pngjs.PNG({ width: side, height: side });
  const noise = crypto.randomBytes(side * side);
  for (let index = 0; index < side * side; index += 1) image.data.set([noise[index]!, (index >> 4) & 255, 120, 255], index * 4);
  const bytes = pngjs.PNG.sync.write(image);
  if (bytes.length > THEME_LOGO_MAX_BYTES) throw new Error(`The benchmark's logo is ${bytes.length} bytes, over the limit`);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 1 GiB of zeros through a zlib or gzip compressor (about 1 MB out: zeros deflate a thousand to one). */
async function compressedZeros(compressor: zlib.Deflate | zlib.Gzip): Promise<Buffer> {
  const parts: Buffer[] = [];
  compressor.on('data', (part: Buffer) => parts.push(part));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < 1024; index += 1) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once('drain', resolve));
  }
  await new Promise((resolve) => compressor.end(resolve));
  return Buffer.concat(parts);
}

/** A whole PNG declaring 1000 × 1000 pixels whose image data inflates to 1 GiB. */
async function decompressionBomb(): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1000, 0);
  header.writeUInt32BE(1000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const data = await compressedZeros(zlib.createDeflate({ level: 9 }));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A gzip file of nine members of 1 GiB of zeros each (gzip allows members one after another): 9 MB unpacking to 9 GiB. */
async function gzipBomb(): Promise<Buffer> {
  const member = await compressedZeros(zlib.createGzip({ level: 9 }));
  return Buffer.concat(Array.from({ length: 9 }, () => member));
}

/** A PDF of exactly the KYB limit (10 MB): a header, filler and the end marker. */
function largestPdf(): Buffer {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(KYB_MAX_FILE_BYTES - head.length - tail.length), tail]);
}

// --- The run ---------------------------------------------------------------------------------------------------------

function runSender(request: SenderRequest): Promise<UploadOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'hostile-sender.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    child.once('message', (message: SenderResult) => {
      settled = true;
      if ('outcomes' in message) resolve(message.outcomes);
      else reject(new Error(message.error));
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`the hostile sender exited with ${code}`));
    });
    child.send(request);
  });
}

const ms = (nanoseconds: number) => Math.round((nanoseconds / 1e6) * 10) / 10;

async function graphql(baseUrl: string, headers: Record<string, string>, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
  if (body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
  return body.data;
}

export async function runHostileBench(smoke: boolean, log: (line: string) => void): Promise<HostileResult> {
  const durationSeconds = smoke ? 3 : 15;
  const connections = 10;
  const config = benchConfig();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rampart-hostile-'));
  log('Hostile uploads (issue 32): making the files...');
  const material = generateDevelopmentAppleCredentials(crypto.randomUUID());
  const files = {
    macBomb: withMacIterations(p12Of(material, 'bench', 2048), 8_388_607),
    heaviestP12: p12Of(material, 'bench', MAX_KDF_ITERATIONS),
    logo: largestLogo(),
    pdf: largestPdf(),
    bomb: await decompressionBomb(),
    gzip: await gzipBomb(),
  };
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(workDir, name), bytes);
  log(
    `  ${Object.entries(files)
      .map(([name, bytes]) => `${name} ${Math.round(bytes.length / 1024)} KiB`)
      .join(', ')}`,
  );

  log('Starting PostgreSQL and the app...');
  const infrastructure = await startInfrastructure(config);
  try {
    await seedDemo(infrastructure.database.db);
    const app = await buildApp({ config, database: infrastructure.database, mailer: infrastructure.mailer, chain: infrastructure.chain, webRoot: null });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const loginResponse = await fetch(`${baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
        body: JSON.stringify({
          query: 'mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { csrfToken } }',
          variables: DEMO_LOGIN,
        }),
      });
      const login = (await loginResponse.json()) as { data?: { login?: { csrfToken: string } } };
      const cookie = loginResponse.headers.getSetCookie()[0]?.split(';')[0];
      if (!login.data?.login || !cookie) throw new Error('The hostile benchmark could not sign in.');
      const uploadHeaders = { 'apollo-require-preflight': 'true', 'x-csrf-token': login.data.login.csrfToken, cookie };
      const headers = { ...uploadHeaders, 'content-type': 'application/json' };
      const me = (await graphql(baseUrl, headers, '{ me { memberships { account { id name } } } }')) as {
        me: { memberships: Array<{ account: { id: string; name: string } }> };
      };
      const accountId = me.me.memberships.find((membership) => membership.account.name === 'Demo Payments')!.account.id;
      const project = (await graphql(baseUrl, headers, 'mutation ($a: ID!, $i: PassProjectInput!) { createPassProject(accountId: $a, input: $i) { id } }', {
        a: accountId,
        i: { name: `Hostile bench ${crypto.randomUUID().slice(0, 8)}`, allowedDomains: ['bench.example.com'] },
      })) as { createPassProject: { id: string } };

      const apple =
        'mutation ($id: ID!, $pt: String!, $team: String!, $certificate: Upload!, $pw: String) { updatePassProjectAppleCredentials(id: $id, passTypeIdentifier: $pt, teamIdentifier: $team, certificate: $certificate, certificatePassword: $pw) { apple { source } } }';
      const appleVariables = { id: project.createPassProject.id, pt: material.passTypeIdentifier, team: 'RAMPARTDEV', pw: 'bench' };
      const theme = 'mutation ($a: ID!, $n: String!, $logo: Upload) { generateInitialTheme(accountId: $a, name: $n, logo: $logo, makeActive: false) { id } }';
      const file = (name: keyof typeof files) => path.join(workDir, name);
      const uploads: HostileUpload[] = [
        {
          label: '.p12, MAC at 8,388,607 iterations',
          query: apple,
          variables: appleVariables,
          fileVariable: 'certificate',
          filePath: file('macBomb'),
          fileName: 'mac.p12',
        },
        {
          label: `.p12, every count at ${MAX_KDF_ITERATIONS.toLocaleString('en-US')} (the most accepted)`,
          query: apple,
          variables: appleVariables,
          fileVariable: 'certificate',
          filePath: file('heaviestP12'),
          fileName: 'heaviest.p12',
        },
        {
          label: `Logo, ${Math.floor(Math.sqrt(THEME_LOGO_MAX_PIXELS))} × ${Math.floor(Math.sqrt(THEME_LOGO_MAX_PIXELS))} PNG (the largest accepted)`,
          query: theme,
          variables: { a: accountId, n: 'Hostile bench logo' },
          fileVariable: 'logo',
          uniqueVariable: 'n',
          filePath: file('logo'),
          fileName: 'logo.png',
        },
        {
          label: 'Logo, PNG decompression bomb (1 GiB of image data)',
          query: theme,
          variables: { a: accountId, n: 'Hostile bench bomb' },
          fileVariable: 'logo',
          uniqueVariable: 'n',
          filePath: file('bomb'),
          fileName: 'bomb.png',
        },
        {
          label: 'KYB document, 10 MB PDF',
          query: 'mutation ($a: ID!, $file: Upload!) { uploadKybDocument(accountId: $a, type: proofOfAddress, file: $file) { id } }',
          variables: { a: accountId },
          fileVariable: 'file',
          filePath: file('pdf'),
          fileName: 'statement.pdf',
          cleanup: 'mutation ($id: ID!) { deleteKybDocument(id: $id) }',
        },
        {
          label: 'KYB document, gzip bomb (9 MB unpacking to 9 GiB)',
          query: 'mutation ($a: ID!, $file: Upload!) { uploadKybDocument(accountId: $a, type: proofOfAddress, file: $file) { id } }',
          variables: { a: accountId },
          fileVariable: 'file',
          filePath: file('gzip'),
          fileName: 'statement.pdf',
          cleanup: 'mutation ($id: ID!) { deleteKybDocument(id: $id) }',
        },
      ];
      const meRequest = { url: `${baseUrl}/graphql`, method: 'POST' as const, headers, body: JSON.stringify({ query: ME_QUERY, operationName: 'Bench_Me' }) };
      const expectBody = await (await fetch(meRequest.url, { method: 'POST', headers, body: meRequest.body })).text();
      await runLoad({ ...meRequest, title: 'warm-up', connections, durationSeconds: 2, expectBody });

      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      const phases: PhaseMeasurement[] = [];
      const measure = (phase: PhaseMeasurement['phase'], result: Result) => {
        phases.push({
          phase,
          meRequestsPerSecond: result.requests.average,
          meP99: result.latency.p99,
          meErrors: result.errors + result.timeouts + result.non2xx + result.mismatches,
          loopDelayMaxMs: ms(histogram.max),
          loopDelayP99Ms: ms(histogram.percentile(99)),
        });
        const last = phases.at(-1)!;
        log(
          `  ${phase}: me ${Math.round(last.meRequestsPerSecond)} requests/s, p99 ${last.meP99} ms; event-loop delay max ${last.loopDelayMaxMs} ms, p99 ${last.loopDelayP99Ms} ms`,
        );
      };
      log(`Before: the \`me\` load alone for ${durationSeconds} s...`);
      histogram.reset();
      measure('before', await runLoad({ ...meRequest, title: 'before', connections, durationSeconds, expectBody }));

      log(`During: the \`me\` load with the hostile uploads for ${durationSeconds} s...`);
      histogram.reset();
      const [during, outcomes] = await Promise.all([
        runLoad({ ...meRequest, title: 'during', connections, durationSeconds, expectBody }),
        runSender({ baseUrl, headers: uploadHeaders, uploads, durationSeconds: durationSeconds - 1 }),
      ]);
      measure('during', during);
      // Each upload alone, to tell which one costs the event loop what.
      log('Each upload alone, one after another...');
      const alone: AloneMeasurement[] = [];
      for (const upload of uploads) {
        histogram.reset();
        const [outcome] = await runSender({ baseUrl, headers: uploadHeaders, uploads: [upload], durationSeconds: 0 });
        alone.push({ label: upload.label, loopDelayMaxMs: ms(histogram.max), answerMs: Math.round(outcome!.latenciesMs[0] ?? 0) });
        log(`  ${upload.label}: event-loop delay max ${alone.at(-1)!.loopDelayMaxMs} ms, answered in ${alone.at(-1)!.answerMs} ms`);
      }
      histogram.disable();
      for (const outcome of outcomes) {
        const sorted = [...outcome.latenciesMs].sort((a, b) => a - b);
        log(
          `  ${outcome.label}: ${outcome.sent} sent, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms; ${JSON.stringify(outcome.answers)}`,
        );
      }
      return { phases, alone, outcomes, durationSeconds, connections };
    } finally {
      await app.close();
    }
  } finally {
    infrastructure.database.pool.on('error', () => {});
    await infrastructure.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

export function hostileVerdict(result: HostileResult) {
  const worst = Math.max(...result.phases.map((phase) => phase.loopDelayMaxMs));
  return {
    description: `the event loop never waits more than ${HOSTILE_TARGET.maxEventLoopDelayMs} ms, before or during the hostile uploads`,
    worst,
    pass: worst < HOSTILE_TARGET.maxEventLoopDelayMs,
  };
}

export function formatHostileReport(result: HostileResult): string {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
  };
  return [
    '| Phase | `me` requests/s | `me` p99 ms | `me` failures | Event-loop delay max ms | Event-loop delay p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.phases.map(
      (phase) =>
        `| ${phase.phase === 'before' ? 'Before (the `me` load alone)' : 'During the hostile uploads'} | ${Math.round(phase.meRequestsPerSecond)} | ${phase.meP99} | ${phase.meErrors} | ${phase.loopDelayMaxMs} | ${phase.loopDelayP99Ms} |`,
    ),
    '',
    '| Upload (sent again as soon as answered) | Sent | Median answer ms | Answer |',
    '|---|---:|---:|---|',
    ...result.outcomes.map(
      (outcome) =>
        `| ${outcome.label} | ${outcome.sent} | ${median(outcome.latenciesMs)} | ${Object.entries(outcome.answers)
          .map(([answer, count]) => `${count}× ${answer.replace(/\|/g, '\\|')}`)
          .join('; ')} |`,
    ),
    '',
    '| Upload sent alone (no other load) | Event-loop delay max ms | Answered in ms |',
    '|---|---:|---:|',
    ...result.alone.map((one) => `| ${one.label} | ${one.loopDelayMaxMs} | ${one.answerMs} |`),
  ].join('\n');
}

export function writeHostileSection(result: HostileResult, loadAverage: string): string {
  const verdict = hostileVerdict(result);
  const cpus = os.cpus();
  const generated = [
    START,
    `Latest run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, on ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}; load average ${loadAverage} at the start. One app process; the \`me\` load (autocannon, ${result.connections} connections) and the uploads each from their own process; ${result.durationSeconds} s before and ${result.durationSeconds} s during. Event-loop delay: perf_hooks.monitorEventLoopDelay in the app process (10 ms resolution).`,
    '',
    formatHostileReport(result),
    '',
    `- ${verdict.pass ? 'PASS' : 'FAIL'}: ${verdict.description} — worst ${verdict.worst} ms`,
    END,
  ].join('\n');
  const current = fs.readFileSync(performanceDoc, 'utf8');
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + generated + current.slice(end + END.length)
      : `${current.trimEnd()}\n\n## Hostile uploads (issue 32)\n\nWhether a partner's upload can stall everyone else: certificate files and logos are parsed in a worker thread with a time limit (apps/server/src/lib/bounded-worker.ts), a .p12's key-derivation counts are bounded before anything is derived, a logo's pixels and a PNG's inflated data are bounded before decoding, and a KYB document's type is told from its first 4,100 bytes (file-type given a whole gzip inflates it looking for a tar). \`npm run bench -- --hostile\` (\`--smoke\`: 3 s phases, nothing written).\n\n${generated}\n`;
  fs.writeFileSync(performanceDoc, next);
  return path.relative(repoRoot, performanceDoc);
}
