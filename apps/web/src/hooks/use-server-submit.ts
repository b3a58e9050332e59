import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '@/lib/form-errors';

/**
 * A form's submit handler: runs `action` with the checked values; when it throws, the server's field messages land on
 * their fields (`fieldMap`: server field → form field) and the rest in `generalError`, cleared on the next submit.
 * The form comes back with them, so that a form dialog takes the three as one.
 */
export function useServerSubmit<T extends FieldValues, R>(
  form: UseFormReturn<T, unknown, R>,
  fieldMap: Partial<Record<string, Path<T>>>,
  action: (values: R) => Promise<void>,
) {
  const [generalError, setGeneralError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await action(values);
    } catch (error) {
      setGeneralError(applyServerErrors(form, error, fieldMap));
    }
  });
  return { form, onSubmit, generalError, setGeneralError };
}

/** A form dialog's `onOpenChange`: closing it resets the form (to `values` when given) and clears its general error. */
export function resetOnClose<T extends FieldValues>(
  setOpen: (open: boolean) => void,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'reset'>,
  setGeneralError: (error: null) => void,
  values?: T,
) {
  return (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset(values);
      setGeneralError(null);
    }
  };
}
