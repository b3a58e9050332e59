import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorAlert } from '@/components/form-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

export interface FormDialogProps<T extends FieldValues, TOut> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog is not opened from elsewhere. */
  trigger?: ReactNode;
  contentClassName?: string;
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<T, unknown, TOut>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's accessible name, where the dialog's title alone would not say which form it is. */
  formLabel?: string;
  /** The alert over the fields with a failure that belongs to no field. */
  generalError: string | null;
  errorTitle: string;
  /** The fields and the footer. */
  children: ReactNode;
}

/** A dialog around one form: the title and description, the form's general error, then its fields and buttons. */
export function FormDialog<T extends FieldValues, TOut = T>({
  open,
  onOpenChange,
  trigger,
  contentClassName,
  title,
  description,
  form,
  onSubmit,
  formLabel,
  generalError,
  errorTitle,
  children,
}: FormDialogProps<T, TOut>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={contentClassName}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label={formLabel}>
            <ErrorAlert message={generalError} title={errorTitle} />
            {children}
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
