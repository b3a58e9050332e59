import os from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../graphql/errors.ts';

/**
 * Parsing a hostile upload (a certificate file, an image) off the event loop: one exported function of a module runs in
 * a fresh worker thread with a time limit and bounded memory, and the worker is terminated when it passes either. A fresh
 * worker per call rather than a pool: uploads are rare, a terminated worker leaves nothing to repair, and its start
 * (tens of milliseconds, on its own thread) is small beside the parse. At most `CONCURRENCY` run at once, leaving a core
 * to the event loop; the rest wait their turn (the wait is not part of their time).
 *
 * The module runs without the server's loader, so it is started under tsx (which the server itself runs under), and what
 * it returns or throws crosses by structured clone: a Buffer arrives as a Uint8Array, an AppError is rebuilt here.
 */

export interface WorkerLimits {
  /** How long the function may run once its module is loaded. */
  timeoutMs: number;
  resourceLimits?: ResourceLimits;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 };
/** Loading the module (tsx compiles it on a first run) is our code, not the upload's: generous, only against a hang. */
const STARTUP_TIMEOUT_MS = 30_000;
const CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

/** The worker passed its time or memory limit and was terminated. */
export class WorkerLimitExceeded extends Error {
  constructor(
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'WorkerLimitExceeded';
  }
}

type Outcome = { type: 'ready' } | { type: 'done'; value: unknown } | { type: 'failed'; error: { message: string; name: string; code?: string; extensions?: Record<string, unknown> } };

const entry = new URL('./bounded-worker.entry.ts', import.meta.url);

/** The flags that make the worker run TypeScript: the parent's when it already runs under tsx, else tsx's loader. */
function execArgv(): string[] {
  const inherited = process.execArgv;
  return inherited.some((flag) => /tsx/.test(flag)) ? inherited : [...inherited, '--import', 'tsx'];
}

let running = 0;
const waiting: Array<() => void> = [];

async function turn(): Promise<() => void> {
  if (running >= CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/**
 * `exportName` of the module at `moduleUrl`, called with `input` in a worker thread. Resolves with its result; rejects
 * with what it threw (an AppError stays one), or WorkerLimitExceeded when it ran past `timeoutMs` or out of memory.
 */
export async function runInWorker<T>(moduleUrl: URL, exportName: string, input: unknown, limits: WorkerLimits): Promise<T> {
  const release = await turn();
  try {
    return await new Promise<T>((resolve, reject) => {
      const worker = new Worker(entry, {
        workerData: { moduleUrl: moduleUrl.href, exportName, input },
        execArgv: execArgv(),
        resourceLimits: limits.resourceLimits ?? DEFAULT_RESOURCE_LIMITS,
      });
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        settle();
        // Done or not, the thread goes: a parse still running is stopped wherever it is.
        void worker.terminate();
      };
      let timer = setTimeout(
        () => finish(() => reject(new Error(`The worker for ${exportName} did not start within ${STARTUP_TIMEOUT_MS / 1000} s.`))),
        STARTUP_TIMEOUT_MS,
      );
      worker.on('message', (message: Outcome) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          timer = setTimeout(
            () => finish(() => reject(new WorkerLimitExceeded('time', `${exportName} ran longer than ${limits.timeoutMs} ms and was stopped.`))),
            limits.timeoutMs,
          );
        } else if (message.type === 'done') {
          finish(() => resolve(message.value as T));
        } else {
          const { error } = message;
          finish(() =>
            reject(
              error.code
                ? new AppError(error.code as ErrorCode, error.message, error.extensions ?? {})
                : Object.assign(new Error(error.message), { name: error.name }),
            ),
          );
        }
      });
      worker.on('error', (error: Error & { code?: string }) => {
        finish(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? new WorkerLimitExceeded('memory', `${exportName} needed more memory than its limit and was stopped.`)
              : error,
          ),
        );
      });
      worker.on('exit', (code) => finish(() => reject(new Error(`The worker for ${exportName} exited (code ${code}) without an answer.`))));
    });
  } finally {
    release();
  }
}
