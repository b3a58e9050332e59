import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

export interface FormDialogProps<T extends FieldValues, R> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns its open state. */
  trigger?: ReactNode;
  /** The dialog's width and scrolling; `sm:max-w-lg` unless told. */
  className?: string;
  title: ReactNode;
  description?: ReactNode;
  /** What `useServerSubmit` returns: the form, its submit handler, and the server's words when the change fails. */
  submission: { form: UseFormReturn<T, unknown, R>; onSubmit: (event?: BaseSyntheticEvent) => Promise<void>; generalError: string | null };
  /** The title of the alert above the fields that shows the server's words. */
  errorTitle?: string;
  /** Marks the form busy for assistive technology while a long change runs. */
  busy?: boolean;
  /** The fields, then the footer with the buttons. */
  children: ReactNode;
}

/** A dialog that holds one form: title and description, the failure alert, then the fields and buttons the caller gives. */
export function FormDialog<T extends FieldValues, R = T>({
  open,
  onOpenChange,
  trigger,
  className = 'sm:max-w-lg',
  title,
  description,
  submission,
  errorTitle,
  busy,
  children,
}: FormDialogProps<T, R>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <Form {...submission.form}>
          <form noValidate onSubmit={(event) => void submission.onSubmit(event)} className="flex flex-col gap-4" aria-busy={busy}>
            <ErrorAlert message={submission.generalError} title={errorTitle} />
            {children}
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
