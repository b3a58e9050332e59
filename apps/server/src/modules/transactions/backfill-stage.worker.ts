// A worker thread of the backfill (backfill.ts): stages the batches of lines it is sent, in the order they come.
import { parentPort } from 'node:worker_threads';
import { stageLines } from './backfill-lines.ts';

const port = parentPort!;

port.on('message', (batch: { id: number; bytes: Uint8Array; firstLine: number }) => {
  try {
    const rows = stageLines(batch.bytes, batch.firstLine);
    port.postMessage({ id: batch.id, rows });
  } catch (error) {
    port.postMessage({ id: batch.id, error: error instanceof Error ? error.message : String(error) });
  }
});
