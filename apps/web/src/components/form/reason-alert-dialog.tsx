import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { TextareaField } from '@/components/form/textarea-field';

type Values = { reason: string };

/**
 * A staff action that needs a reason (kept in the audit trail): the reason asked for, checked by `reasonSchema` (the
 * rule the server applies), then `onConfirm` runs it.
 */
export function ReasonAlertDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  destructive = false,
  label = 'Reason',
  hint = 'Kept in the audit trail with your name.',
  reasonSchema,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  label?: string;
  hint?: string;
  reasonSchema: z.ZodType<string, string>;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const form = useForm<Values>({ resolver: zodResolver(z.object({ reason: reasonSchema })), defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) form.reset({ reason: '' });
  }, [open, form]);
  return (
    <FormAlertDialog
      open={open}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={(values) => onConfirm(values.reason)}
      serverFields={{ reason: 'reason', note: 'reason' }}
      title={title}
      description={description}
      errorTitle={`Could not ${submitLabel.toLowerCase()}`}
      submitLabel={submitLabel}
      submitVariant={destructive ? 'destructive' : 'default'}
    >
      <TextareaField control={form.control} name="reason" label={label} rows={3} description={hint} />
    </FormAlertDialog>
  );
}
