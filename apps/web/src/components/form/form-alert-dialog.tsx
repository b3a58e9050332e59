import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Form } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/form-errors';

export interface FormAlertDialogProps<T extends FieldValues> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The caller's form; it resets the values itself when the dialog opens (they depend on what opened it). */
  form: UseFormReturn<T>;
  /** Makes the change; the dialog closes when it resolves. */
  onSubmit: (values: T) => Promise<unknown>;
  /** Server input fields whose BAD_USER_INPUT message lands on a form field; any other failure shows in the alert. */
  serverFields: Partial<Record<string, Path<T>>>;
  title: ReactNode;
  description: ReactNode;
  /** The title of the alert with the server's words when the change fails. */
  errorTitle?: string;
  submitLabel: ReactNode;
  submitVariant?: 'default' | 'destructive';
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>['onCloseAutoFocus'];
  /** The fields. */
  children: ReactNode;
}

/**
 * A confirmation that asks for a few fields (a reason, an address) before a change: it cannot be dismissed while the
 * change runs, and a failure keeps it open with the message on its field or in the alert.
 */
export function FormAlertDialog<T extends FieldValues>({
  open,
  onOpenChange,
  form,
  onSubmit,
  serverFields,
  title,
  description,
  errorTitle,
  submitLabel,
  submitVariant = 'default',
  onCloseAutoFocus,
  children,
}: FormAlertDialogProps<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (error) {
      setFailure(applyServerErrors(form, error, serverFields));
    }
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <Form {...form}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
            <AlertDialogHeader>
              <AlertDialogTitle>{title}</AlertDialogTitle>
              <AlertDialogDescription>{description}</AlertDialogDescription>
            </AlertDialogHeader>
            {children}
            <ErrorAlert title={errorTitle} message={failure} />
            <AlertDialogFooter>
              <AlertDialogCancel type="button" disabled={busy}>
                Back
              </AlertDialogCancel>
              <SubmitButton variant={submitVariant} pendingLabel="Working">
                {submitLabel}
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
