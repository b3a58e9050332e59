import { zodResolver } from '@hookform/resolvers/zod';
import { otpCodeSchema } from '@rampart/shared/identity-schemas';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { CodeField } from '@/components/form/code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useServerSubmit } from '@/hooks/use-server-submit';

const schema = z.object({ otpToken: otpCodeSchema });

/**
 * A change the authenticator's current code confirms (turning two-factor off, new recovery codes): the code, the
 * server's words when it refuses, the confirming button and Cancel. It starts empty each time it is shown.
 */
export function AuthenticatorCodeForm({
  label,
  note,
  errorTitle,
  submitLabel,
  pendingLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  /** The form's accessible name: the change it confirms. */
  label: string;
  note?: string;
  errorTitle: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onConfirm: (values: { otpToken: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otpToken: '' } });
  const { onSubmit, generalError } = useServerSubmit(form, { otpToken: 'otpToken' }, onConfirm);
  return (
    <Form {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label={label}>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        <ErrorAlert message={generalError} title={errorTitle} />
        <CodeField control={form.control} name="otpToken" label="Code from your authenticator app" autoFocus itemClassName="sm:max-w-xs" />
        <div className="flex gap-2">
          <SubmitButton pendingLabel={pendingLabel} variant={destructive ? 'destructive' : undefined}>
            {submitLabel}
          </SubmitButton>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
