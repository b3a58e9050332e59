import { useState } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { resetOnClose, useServerSubmit } from '@/hooks/use-server-submit';

/**
 * The state of a dialog that edits a record (spread it into `FormDialog`): opening it resets the form to `initial()`,
 * the record as it is now, and clears the last error; `action` saving closes it.
 */
export function useEditDialog<T extends FieldValues, R>(
  form: UseFormReturn<T, unknown, R>,
  fieldMap: Partial<Record<string, Path<T>>>,
  initial: () => DefaultValues<T>,
  action: (values: R) => Promise<void>,
) {
  const [open, setOpen] = useState(false);
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, fieldMap, async (values) => {
    await action(values);
    setOpen(false);
  });
  const onOpenChange = (next: boolean) => {
    if (next) form.reset(initial());
    setGeneralError(null);
    setOpen(next);
  };
  return { open, onOpenChange, onSubmit, generalError };
}

/**
 * The state of a dialog that creates something (spread it into `FormDialog`): `action` saving closes it and empties the
 * form; closing it empties the form and clears the last error.
 */
export function useCreateDialog<T extends FieldValues, R>(
  form: UseFormReturn<T, unknown, R>,
  fieldMap: Partial<Record<string, Path<T>>>,
  action: (values: R) => Promise<void>,
) {
  const [open, setOpen] = useState(false);
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, fieldMap, async (values) => {
    await action(values);
    setOpen(false);
    form.reset();
  });
  return { form, open, onOpenChange: resetOnClose(setOpen, form, setGeneralError), onSubmit, generalError };
}
