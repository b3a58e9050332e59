// A price's lookup key names a plan, not a secret; a card (the billing sandbox's test card) is never kept.
const SECRET_ARG = /password|token|secret|otp|code|(?<!lookup)key|signature|^card$/i;

/** Arguments as they go into the audit trail: secrets replaced, long values cut. */
export function redactArguments(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      if (SECRET_ARG.test(name)) return [name, '[redacted]'];
      if (typeof value === 'string' && value.length > 500) return [name, `${value.slice(0, 500)}…`];
      if (value && typeof value === 'object' && !Array.isArray(value)) return [name, redactArguments(value as Record<string, unknown>)];
      return [name, value];
    }),
  );
}
