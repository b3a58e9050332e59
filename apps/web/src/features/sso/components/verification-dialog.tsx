import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CodeField } from '@/components/form/code-field';
import { InputField } from '@/components/form/input-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import type { MyAccountClient } from '@/features/sso/lib/my-account';
import type { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { formatTime } from '@/lib/format';
import { SubmitButton } from '@/components/form/submit-button';

/** How an address or number is proved: adding it sends a code, which can be sent again and is then checked. */
export interface CodeFlow<S> {
  /** Adds the address or number (when new) and sends the first code. */
  start: (target: string) => Promise<S>;
  resend: (sent: S) => Promise<S>;
  verify: (sent: S, code: string) => Promise<void>;
  expiresAt: (sent: S) => string | null;
}

const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/**
 * A two-step dialog: the address or number (or, for one already added, just "Send code"), then the code sent to it,
 * with its expiry and "Resend code".
 */
export function VerificationDialog<S>({
  open,
  onClose,
  client,
  onFailure,
  title,
  description,
  targetLabel,
  targetSchema,
  targetInput,
  presetTarget,
  sentTo,
  flow,
  onVerified,
}: {
  open: boolean;
  onClose: () => void;
  client: MyAccountClient;
  onFailure: (caught: unknown) => MyAccountError;
  title: string;
  description: ReactNode;
  targetLabel: string;
  targetSchema: z.ZodType<string, string>;
  targetInput: Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;
  /** An address or number already added but not verified: the dialog only sends the code to it. */
  presetTarget?: string;
  /** "We sent a 6-digit code to …" for the second step. */
  sentTo: (target: string) => string;
  flow: CodeFlow<S>;
  /** Called after the code was accepted; the dialog closes. */
  onVerified: (target: string) => void;
}) {
  const [sent, setSent] = useState<{ target: string; value: S } | null>(null);
  const [error, setError] = useState<MyAccountError | null>(null);
  const [resending, setResending] = useState(false);
  const targetForm = useForm<{ target: string }>({
    resolver: zodResolver(z.object({ target: targetSchema })),
    defaultValues: { target: presetTarget ?? '' },
  });
  const codeForm = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });

  function reset() {
    setSent(null);
    setError(null);
    targetForm.reset({ target: presetTarget ?? '' });
    codeForm.reset({ code: '' });
  }

  function fail(caught: unknown, onField: (message: string) => void) {
    const failure = onFailure(caught);
    const fieldMessage = Object.values(failure.fields)[0];
    if (failure.kind === 'request' && (fieldMessage || failure.status === 400 || failure.status === 403)) {
      onField(fieldMessage ?? failure.message);
      setError(null);
    } else {
      setError(failure);
    }
  }

  const submitTarget = targetForm.handleSubmit(async ({ target }) => {
    setError(null);
    try {
      const value = await flow.start(target);
      setSent({ target, value });
    } catch (caught) {
      fail(caught, (message) => targetForm.setError('target', { type: 'server', message }, { shouldFocus: true }));
    }
  });

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    if (!sent) return;
    setError(null);
    try {
      await flow.verify(sent.value, code);
      onVerified(sent.target);
      reset();
      onClose();
    } catch (caught) {
      fail(caught, (message) => codeForm.setError('code', { type: 'server', message }, { shouldFocus: true }));
    }
  });

  async function resend() {
    if (!sent) return;
    setError(null);
    setResending(true);
    try {
      const value = await flow.resend(sent.value);
      setSent({ target: sent.target, value });
      codeForm.reset({ code: '' });
    } catch (caught) {
      fail(caught, (message) => codeForm.setError('code', { type: 'server', message }));
    } finally {
      setResending(false);
    }
  }

  const expiresAt = sent ? flow.expiresAt(sent.value) : null;
  const busy = targetForm.formState.isSubmitting || codeForm.formState.isSubmitting || resending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        reset();
        onClose();
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{sent ? `${sentTo(sent.target)}${expiresAt ? ` It expires at ${formatTime(expiresAt)}.` : ''}` : description}</DialogDescription>
        </DialogHeader>
        <MyAccountAlert error={error} client={client} title="Your identity provider refused this" />
        {!sent ? (
          <Form {...targetForm}>
            <form noValidate onSubmit={submitTarget} className="flex flex-col gap-4">
              {presetTarget ? (
                <p className="text-sm font-medium break-all">{presetTarget}</p>
              ) : (
                <InputField control={targetForm.control} name="target" label={targetLabel} autoFocus {...targetInput} />
              )}
              <DialogFooter>
                <Button type="button" variant="outline" disabled={busy} onClick={() => (reset(), onClose())}>
                  Cancel
                </Button>
                <SubmitButton pendingLabel="Sending" disabled={busy}>
                  Send code
                </SubmitButton>
              </DialogFooter>
            </form>
          </Form>
        ) : (
          <Form {...codeForm}>
            <form noValidate onSubmit={submitCode} className="flex flex-col gap-4">
              <CodeField control={codeForm.control} name="code" label="Verification code" className="sm:max-w-48" autoFocus />
              <DialogFooter className="sm:justify-between">
                <Button type="button" variant="ghost" disabled={busy} onClick={() => void resend()}>
                  {resending && <Spinner label="Sending a new code" />}
                  Resend code
                </Button>
                <SubmitButton pendingLabel="Verifying" disabled={busy}>
                  Verify
                </SubmitButton>
              </DialogFooter>
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
