import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { AppError, type ErrorCode } from '../graphql/errors.ts';

/**
 * Parsing a hostile upload (a certificate file, an image) off the event loop: one exported function of a module runs in
 * a worker thread with a time limit and bounded memory, and the worker is terminated when it passes either (the next
 * call starts a new one). Workers are kept between calls: starting one costs most of a second of CPU (tsx compiles
 * the parsers' modules on its thread), against milliseconds to reuse it. At most `POOL_SIZE` run at once, leaving a
 * core to the event loop; other calls wait their turn (the wait is not part of their time).
 *
 * The module runs without the server's loader, so the worker registers tsx first (the server itself runs under tsx), and
 * what it returns or throws crosses by structured clone: a Buffer arrives as a Uint8Array, an AppError is rebuilt here.
 */

export interface WorkerLimits {
  /** How long the function may run once its module is loaded. */
  timeoutMs: number;
  /** Limits of a worker started for this call; a kept worker has the limits it was started with (the default ones). */
  resourceLimits?: ResourceLimits;
}

export const DEFAULT_RESOURCE_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, codeRangeSizeMb: 16, stackSizeMb: 4 };
/** Starting a worker and loading the module (tsx compiles it on a first run) is our code, not the upload's: generous, only against a hang. */
const STARTUP_TIMEOUT_MS = 30_000;
const POOL_SIZE = Math.max(1, os.availableParallelism() - 1);

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

type Outcome =
  | { id: number; type: 'started' }
  | { id: number; type: 'done'; value: unknown }
  | { id: number; type: 'failed'; error: { message: string; name: string; code?: string; extensions?: Record<string, unknown> } };

const entry = new URL('./bounded-worker.entry.ts', import.meta.url);

/**
 * The worker's first code: registers tsx's loader, then imports the entry. A worker does not take the loader of the
 * thread that starts it (neither under `tsx`, `node --import tsx` nor vitest), and tsx's API is resolved here, from
 * this file, so the server runs from any working directory.
 */
export function tsxWorkerBootstrap(module: URL): string {
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const esm = api.replace(/\.cjs$/, '.mjs');
  const registration = pathToFileURL(fs.existsSync(esm) ? esm : api).href;
  return `import(${JSON.stringify(registration)}).then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
}
const bootstrap = tsxWorkerBootstrap(entry);

interface Task {
  id: number;
  exportName: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  timeoutMs: number;
  timer: NodeJS.Timeout;
}

/** One worker thread, running one task at a time. */
class PooledWorker {
  readonly worker: Worker;
  task: Task | null = null;
  dead = false;

  constructor(
    resourceLimits: ResourceLimits,
    /** Kept for later calls when done (a worker with a call's own limits is not). */
    readonly keep: boolean,
    private readonly onDone: (worker: PooledWorker, slotFreed: boolean) => void,
  ) {
    this.worker = new Worker(bootstrap, { eval: true, execArgv: [], resourceLimits });
    // An idle worker does not keep the process alive.
    this.worker.unref();
    this.worker.on('message', (message: Outcome) => this.receive(message));
    this.worker.on('error', (error: Error & { code?: string }) =>
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' && this.task
          ? new WorkerLimitExceeded('memory', `${this.task.exportName} needed more memory than its limit and was stopped.`)
          : error,
      ),
    );
    this.worker.on('exit', (code) => this.fail(new Error(`The parsing worker exited (code ${code}) without an answer.`)));
  }

  run(task: Omit<Task, 'timer'>, moduleUrl: URL, input: unknown) {
    const timer = setTimeout(
      () => this.fail(new Error(`The worker for ${task.exportName} did not start within ${STARTUP_TIMEOUT_MS / 1000} s.`)),
      STARTUP_TIMEOUT_MS,
    );
    this.task = { ...task, timer };
    this.worker.ref();
    this.worker.postMessage({ id: task.id, moduleUrl: moduleUrl.href, exportName: task.exportName, input });
  }

  private receive(message: Outcome) {
    const task = this.task;
    if (!task || message.id !== task.id) return;
    if (message.type === 'started') {
      clearTimeout(task.timer);
      task.timer = setTimeout(
        () => this.fail(new WorkerLimitExceeded('time', `${task.exportName} ran longer than ${task.timeoutMs} ms and was stopped.`)),
        task.timeoutMs,
      );
      return;
    }
    clearTimeout(task.timer);
    this.task = null;
    this.worker.unref();
    if (message.type === 'done') task.resolve(message.value);
    else {
      const { error } = message;
      task.reject(
        error.code
          ? new AppError(error.code as ErrorCode, error.message, error.extensions ?? {})
          : Object.assign(new Error(error.message), { name: error.name }),
      );
    }
    this.onDone(this, true);
  }

  /** The current task fails with `error`; the worker is stopped wherever it is, and leaves the pool. */
  private fail(error: unknown) {
    const task = this.task;
    this.task = null;
    if (task) {
      clearTimeout(task.timer);
      task.reject(error);
    }
    if (!this.dead) {
      this.dead = true;
      void this.worker.terminate();
    }
    this.onDone(this, task !== null);
  }
}

const idle: PooledWorker[] = [];
let busy = 0;
const waiting: Array<() => void> = [];
let nextId = 1;

/** A worker finished its task (`slotFreed`) or died: idle again, or out of the pool. */
function released(worker: PooledWorker, slotFreed: boolean) {
  const at = idle.indexOf(worker);
  if (at >= 0) idle.splice(at, 1);
  if (!worker.dead && worker.keep) idle.push(worker);
  else if (!worker.dead) void worker.worker.terminate();
  if (slotFreed) {
    busy -= 1;
    waiting.shift()?.();
  }
}

/**
 * `exportName` of the module at `moduleUrl`, called with `input` in a worker thread. Resolves with its result; rejects
 * with what it threw (an AppError stays one), or WorkerLimitExceeded when it ran past `timeoutMs` or out of memory.
 */
export async function runInWorker<T>(moduleUrl: URL, exportName: string, input: unknown, limits: WorkerLimits): Promise<T> {
  while (busy >= POOL_SIZE) await new Promise<void>((resolve) => waiting.push(resolve));
  busy += 1;
  const worker = (!limits.resourceLimits && idle.pop()) || new PooledWorker(limits.resourceLimits ?? DEFAULT_RESOURCE_LIMITS, !limits.resourceLimits, released);
  return new Promise<T>((resolve, reject) => {
    worker.run({ id: nextId++, exportName, timeoutMs: limits.timeoutMs, resolve: resolve as (value: unknown) => void, reject }, moduleUrl, input);
  });
}

let warmed: Promise<void> | null = null;

/**
 * Starts a worker and loads these modules in it, once per process, in the background: the first upload then does not
 * wait for the worker to start and tsx to compile its parser (most of a second of CPU, many on a busy machine).
 */
export function prewarmWorkers(moduleUrls: URL[]) {
  if (warmed) return;
  warmed = (async () => {
    for (const moduleUrl of moduleUrls) await runInWorker(moduleUrl, '', null, { timeoutMs: STARTUP_TIMEOUT_MS }).catch(() => {});
  })();
}

/** Settles once the background start of prewarmWorkers is done: benchmarks wait for it, so its CPU is not counted per request. */
export function workersPrewarmed(): Promise<void> {
  return warmed ?? Promise.resolve();
}
