import type { z } from 'zod';
import { badInput } from './errors.ts';

/** Parses resolver arguments with a zod schema; any issue becomes BAD_USER_INPUT naming the field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'input';
    fields[key] ??= issue.message;
  }
  throw badInput(fields);
}
