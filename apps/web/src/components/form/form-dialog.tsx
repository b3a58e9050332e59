import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

export interface FormDialogProps<T extends FieldValues, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  className?: string;
  form: UseFormReturn<T, unknown, R>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  generalError: string | null;
  errorTitle: string;
  submitLabel: ReactNode;
  pendingLabel?: string;
  children: ReactNode;
}

/**
 * A dialog holding one react-hook-form form (pair it with `useServerSubmit`): the title and description, the server's
 * general error, the fields, then Cancel and the submit button. While the form submits its fields are disabled and the
 * dialog cannot be closed.
 */
export function FormDialog<T extends FieldValues, R>({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className = 'sm:max-w-md',
  form,
  onSubmit,
  generalError,
  errorTitle,
  submitLabel,
  pendingLabel = 'Saving',
  children,
}: FormDialogProps<T, R>) {
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-busy={busy}>
            <ErrorAlert message={generalError} title={errorTitle} />
            <fieldset disabled={busy} className="flex min-w-0 flex-col gap-4">
              {children}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <SubmitButton pendingLabel={pendingLabel}>{submitLabel}</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
