// The worker thread of bounded-worker.ts: for each task, loads its module (once), says it started (its time limit
// starts), runs the function and answers with its result or what it threw.
import { parentPort } from 'node:worker_threads';

interface TaskMessage {
  id: number;
  moduleUrl: string;
  exportName: string;
  input: unknown;
}

const port = parentPort!;

port.on('message', (task: TaskMessage) => {
  void (async () => {
    try {
      const loaded = (await import(task.moduleUrl)) as Record<string, (input: unknown) => unknown>;
      // No function: only load the module (prewarmWorkers).
      const run = task.exportName ? loaded[task.exportName] : () => undefined;
      if (typeof run !== 'function') throw new Error(`${task.moduleUrl} has no function ${task.exportName}`);
      port.postMessage({ id: task.id, type: 'started' });
      port.postMessage({ id: task.id, type: 'done', value: await run(task.input) });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      // An AppError (a GraphQLError with a code) keeps its code and fields; anything else only its name and message.
      const extensions = (failure as { extensions?: Record<string, unknown> }).extensions;
      const code = typeof extensions?.code === 'string' ? extensions.code : undefined;
      port.postMessage({
        id: task.id,
        type: 'failed',
        error: {
          name: failure.name,
          message: failure.message,
          ...(code ? { code, extensions: JSON.parse(JSON.stringify(extensions)) as Record<string, unknown> } : {}),
        },
      });
    }
  })();
});
