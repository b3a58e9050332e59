import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { describeApiError } from '@/lib/graphql-errors';

/**
 * Puts BAD_USER_INPUT field messages on their fields and returns the message for the general alert
 * (null when every message found a field). The server names a field `x`, `input.x` (the argument's prefix) or
 * `input.x.2` (an item of a list): a map entry for `x` serves all three.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
): string | null {
  const info = describeApiError(error);
  let unmatched = Object.keys(info.fields).length === 0;
  for (const [serverField, message] of Object.entries(info.fields)) {
    const field = fieldMap[serverField] ?? fieldMap[serverField.replace(/^input\./, '').replace(/(\.\d+)+$/, '')];
    if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
    else unmatched = true;
  }
  return unmatched ? info.message : null;
}

/** A field map for form fields named as the server names them. */
export function serverFieldMap<T extends FieldValues>(...fields: Path<T>[]): Partial<Record<string, Path<T>>> {
  return Object.fromEntries(fields.map((field) => [field, field]));
}
