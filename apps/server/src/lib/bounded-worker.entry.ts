// The worker thread of bounded-worker.ts: loads the module, says it is ready (its time limit starts), runs the function once.
import { parentPort, workerData } from 'node:worker_threads';

const { moduleUrl, exportName, input } = workerData as { moduleUrl: string; exportName: string; input: unknown };
const port = parentPort!;
const loaded = (await import(moduleUrl)) as Record<string, (input: unknown) => unknown>;
const run = loaded[exportName];
if (typeof run !== 'function') throw new Error(`${moduleUrl} has no function ${exportName}`);
port.postMessage({ type: 'ready' });
try {
  port.postMessage({ type: 'done', value: await run(input) });
} catch (error) {
  const failure = error instanceof Error ? error : new Error(String(error));
  // An AppError (a GraphQLError with a code) keeps its code and fields; anything else only its name and message.
  const extensions = (failure as { extensions?: Record<string, unknown> }).extensions;
  const code = typeof extensions?.code === 'string' ? extensions.code : undefined;
  port.postMessage({
    type: 'failed',
    error: { name: failure.name, message: failure.message, ...(code ? { code, extensions: JSON.parse(JSON.stringify(extensions)) as Record<string, unknown> } : {}) },
  });
}
