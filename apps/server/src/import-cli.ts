/**
 * `npm run import -- --file history.ndjson[.gz] [--chunk 200000] [--rebuild-indexes]`: the backfill of issue 34 (docs/ingestion.md).
 * One transaction event per line (the `data` of a CloudEvent, as the ingestion's transaction events carry it), merged
 * with the ingestion's version rule; run it again after a crash (or Ctrl-C) and it resumes after the last merged chunk.
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, migrating it first.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { parseEnv } from './config/env.ts';
import { startInfrastructure } from './boot.ts';
import { BACKFILL_CHUNK_LINES, BackfillError, runBackfill } from './modules/transactions/backfill.ts';

const USAGE = 'usage: npm run import -- --file history.ndjson[.gz] [--chunk 200000] [--rebuild-indexes]';

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      chunk: { type: 'string', default: String(BACKFILL_CHUNK_LINES) },
      'rebuild-indexes': { type: 'boolean', default: false },
    },
  });
  if (!values.file) throw new BackfillError(`--file is required\n${USAGE}`);
  if (!fs.existsSync(values.file) || !fs.statSync(values.file).isFile()) throw new BackfillError(`--file: ${values.file} is not a readable file`);
  const chunkLines = Number(values.chunk);
  if (!Number.isInteger(chunkLines) || chunkLines < 1 || chunkLines > 5_000_000) throw new BackfillError('--chunk: lines per chunk, 1 to 5,000,000');
  const config = parseEnv(process.env);
  const infrastructure = await startInfrastructure(config, (line) => console.log(line), { chain: false });
  try {
    const started = Date.now();
    const result = await runBackfill(infrastructure.database.directPool, {
      file: values.file,
      chunkLines,
      rebuildIndexes: values['rebuild-indexes'],
      log: (line) => console.log(line),
    });
    const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024);
    const { user, system } = process.cpuUsage();
    console.log(
      `Imported ${values.file}: ${result.linesDone.toLocaleString('en')} lines, ${result.merged.toLocaleString('en')} merged, ${result.stale.toLocaleString('en')} stale, ${result.refused.toLocaleString('en')} refused (see backfill_refusals) in ${((Date.now() - started) / 1000).toFixed(1)} s; peak memory ${peakMiB} MiB, CPU ${((user + system) / 1e6).toFixed(1)} s.`,
    );
  } finally {
    await infrastructure.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackfillError ? error.message : error);
  process.exit(1);
});
