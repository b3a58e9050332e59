/** A failure at start whose message already says what happened and what to do; printed without a stack. */
export class StartupError extends Error {}

/**
 * Words for anything thrown: libraries reject with `undefined`, strings, or errors with an empty message (an
 * AggregateError of refused connections), and printing those as they are tells the operator nothing.
 */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError) {
    const parts = error.errors.map(describeError);
    return [error.message, ...parts].filter(Boolean).join('; ') || 'several errors without a message';
  }
  if (error instanceof Error) {
    const own = error.message || `${error.name} without a message`;
    const code = (error as { code?: unknown }).code;
    const withCode = typeof code === 'string' && !own.includes(code) ? `${own} (${code})` : own;
    return error.cause === undefined ? withCode : `${withCode}: ${describeError(error.cause)}`;
  }
  if (error === undefined || error === null) return `an unexplained failure (${String(error)} was thrown)`;
  if (typeof error === 'string') return error || 'an unexplained failure (an empty string was thrown)';
  // A number, boolean, symbol, function or plain object was thrown: say what it was.
  if (typeof error === 'number' || typeof error === 'boolean' || typeof error === 'bigint')
    return `an unexplained failure (${typeof error} ${String(error)} was thrown)`;
  if (typeof error !== 'object') return `an unexplained failure (a ${typeof error} was thrown)`;
  try {
    return JSON.stringify(error) ?? 'an unexplained failure (an object was thrown)';
  } catch {
    return 'an unexplained failure (an object that cannot be written as JSON was thrown)';
  }
}

/**
 * For entry points: one clear line, then the stack of an error nobody explained (a bug, worth reporting); exit code 1.
 * System errors (a code such as ECONNREFUSED) are explained by their message.
 */
export function exitWithStartupFailure(what: string, error: unknown): never {
  console.error(`${what} could not start: ${describeError(error)}`);
  const explained = error instanceof StartupError || typeof (error as { code?: unknown } | null)?.code === 'string';
  if (error instanceof Error && !explained && error.stack) console.error(error.stack);
  process.exit(1);
}
