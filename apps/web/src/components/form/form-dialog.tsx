import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

export interface FormDialogProps<T extends FieldValues, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog is not opened from elsewhere. */
  trigger?: ReactNode;
  /** The dialog's width and scrolling (DialogContent's `sm:max-w-lg` unless told). */
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  /** The form and its submit handler; with `generalError`, what `useServerSubmit` returns (spread it: `{...submission}`). */
  form: UseFormReturn<T, unknown, R>;
  onSubmit: (event?: BaseSyntheticEvent) => unknown;
  /** The alert over the fields with a failure that belongs to no field. */
  generalError: string | null;
  errorTitle?: string;
  /** The form's accessible name, where the dialog's title alone would not say which form it is. */
  formLabel?: string;
  /** Marks the form busy for assistive technology while a long change runs. */
  busy?: boolean;
  /**
   * With a submit label the dialog ends with Cancel and the submit button, disables the fields while the form submits
   * and cannot be closed meanwhile; without one, the children end with their own footer.
   */
  submitLabel?: ReactNode;
  pendingLabel?: string;
  children: ReactNode;
}

/** A dialog around one form: the title and description, the form's general error, then its fields and buttons. */
export function FormDialog<T extends FieldValues, R = T>({
  open,
  onOpenChange,
  trigger,
  className,
  title,
  description,
  form,
  onSubmit,
  generalError,
  errorTitle,
  formLabel,
  busy,
  submitLabel,
  pendingLabel = 'Saving',
  children,
}: FormDialogProps<T, R>) {
  const submitting = submitLabel !== undefined && form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="flex flex-col gap-4"
            aria-label={formLabel}
            aria-busy={busy ?? (submitting || undefined)}
          >
            <ErrorAlert message={generalError} title={errorTitle} />
            {submitLabel === undefined ? (
              children
            ) : (
              <>
                <fieldset disabled={submitting} className="flex min-w-0 flex-col gap-4">
                  {children}
                </fieldset>
                <DialogFooter>
                  <Button type="button" variant="outline" disabled={submitting} onClick={() => onOpenChange(false)}>
                    Cancel
                  </Button>
                  <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
                </DialogFooter>
              </>
            )}
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
