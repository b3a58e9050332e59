import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { describeApiError } from '@/lib/graphql-errors';

/**
 * Puts BAD_USER_INPUT field messages on their fields and returns the message for the general alert
 * (null when every message found a field).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
): string | null {
  const info = describeApiError(error);
  let unmatched = Object.keys(info.fields).length === 0;
  for (const [serverField, message] of Object.entries(info.fields)) {
    const field = fieldMap[serverField];
    if (field) form.setError(field, { type: 'server', message }, { shouldFocus: true });
    else unmatched = true;
  }
  return unmatched ? info.message : null;
}
