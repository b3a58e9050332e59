import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { applyServerErrors } from '@/lib/form-errors';
import { CodeField } from '@/components/form/code-field';
import { CodeField as TextCodeField } from '@/components/form/input-field';
import { SubmitButton } from '@/components/form/submit-button';

interface CodeValues {
  otpToken: string;
}

interface RecoveryValues {
  recoveryCode: string;
}

/** What passes the second step: the authenticator's code, or one of the user's recovery codes. */
export type SecondFactor = { otpToken: string } | { recoveryCode: string };

// The rules load on the first check, so zod is not on the sign-in pages' start.
const loadValidation = () => import('@/lib/otp-code-validation');
const codeResolver: Resolver<CodeValues> = async (values, context, options) => (await loadValidation()).codeResolver(values, context, options);
const recoveryResolver: Resolver<RecoveryValues> = async (values, context, options) => (await loadValidation()).recoveryResolver(values, context, options);
const preloadValidation = () => void loadValidation().catch(() => {});

interface TwoFactorCodeCardProps {
  /** Finishes signing in with the code; a thrown API error is shown on the field or above the form. */
  onVerify: (secondFactor: SecondFactor) => Promise<void>;
  /** Leaves the code step ("Use a different account"). */
  onCancel: () => void;
  footer?: ReactNode;
}

/**
 * The second step of signing in, by password or by SSO: the 6-digit code from the authenticator app, or one of the
 * recovery codes shown when two-factor authentication was turned on ("Use a recovery code").
 */
export function TwoFactorCodeCard({ onVerify, onCancel, footer }: TwoFactorCodeCardProps) {
  const codeForm = useForm<CodeValues>({ resolver: codeResolver, defaultValues: { otpToken: '' } });
  const recoveryForm = useForm<RecoveryValues>({ resolver: recoveryResolver, defaultValues: { recoveryCode: '' } });
  const [useRecovery, setUseRecovery] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  const switchTo = (recovery: boolean) => {
    setGeneralError(null);
    setUseRecovery(recovery);
  };

  /** A step's card: the error above its one field, "Verify and sign in", then the step's ways out. */
  function stepCard<T extends FieldValues>(step: {
    key: string;
    description: string;
    form: UseFormReturn<T>;
    field: Path<T>;
    input: ReactNode;
    secondFactor: (values: T) => SecondFactor;
    actions: ReactNode;
  }) {
    // An API error lands on the step's one field, or above the form.
    const verify = async (values: T) => {
      setGeneralError(null);
      try {
        await onVerify(step.secondFactor(values));
      } catch (error) {
        setGeneralError(applyServerErrors(step.form, error, { [step.field]: step.field }));
      }
    };
    return (
      <AuthCard title="Two-factor authentication" description={step.description} footer={footer}>
        <Form {...step.form}>
          {/* Keyed per step: otherwise React would reuse the "Sign in" button's node as "Use a different
              account" and its colours would visibly animate from primary to ghost. */}
          <form key={step.key} noValidate className="flex flex-col gap-4" onFocus={preloadValidation} onSubmit={step.form.handleSubmit(verify)}>
            <ErrorAlert message={generalError} title="Could not sign in" />
            {step.input}
            <SubmitButton pendingLabel="Verifying">Verify and sign in</SubmitButton>
            {step.actions}
          </form>
        </Form>
      </AuthCard>
    );
  }

  if (useRecovery)
    return stepCard({
      key: 'recovery-code',
      description: 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
      form: recoveryForm,
      field: 'recoveryCode',
      input: <TextCodeField control={recoveryForm.control} name="recoveryCode" label="Recovery code" placeholder="abcde-23456" autoFocus />,
      secondFactor: ({ recoveryCode }) => ({ recoveryCode }),
      actions: (
        <Button type="button" variant="ghost" onClick={() => switchTo(false)}>
          Use the authenticator app instead
        </Button>
      ),
    });
  return stepCard({
    key: 'two-factor',
    description: 'Enter the 6-digit code from your authenticator app to finish signing in.',
    form: codeForm,
    field: 'otpToken',
    input: <CodeField control={codeForm.control} name="otpToken" label="Authentication code" autoFocus />,
    secondFactor: ({ otpToken }) => ({ otpToken }),
    actions: (
      <>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Use a different account
        </Button>
        <Button type="button" variant="link" className="h-auto self-center p-0 text-sm" onClick={() => switchTo(true)}>
          Use a recovery code
        </Button>
      </>
    ),
  });
}
