import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@apollo/client/react';
import { otpCodeSchema } from '@rampart/shared/identity-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '@/components/form-alert';
import { CodeField } from '@/components/form/code-field';
import { SubmitButton } from '@/components/form/submit-button';
import { RecoveryCodesList } from '@/components/recovery-codes-list';
import { ShownOnceDialog } from '@/components/shown-once-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { ProfileMeQuery, ProfileRegenerateRecoveryCodesMutation } from '@/features/profile/api/profile';
import { useServerSubmit } from '@/hooks/use-server-submit';

const schema = z.object({ otpToken: otpCodeSchema });

/** How many recovery codes remain, and a new set for the authenticator's code (the old set stops working). */
export function RecoveryCodesCard({ remaining }: { remaining: number }) {
  const [regenerate] = useMutation(ProfileRegenerateRecoveryCodesMutation, { refetchQueries: [ProfileMeQuery] });
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otpToken: '' } });
  const { onSubmit, generalError, setGeneralError } = useServerSubmit(form, { otpToken: 'otpToken' }, async (values) => {
    const { data } = await regenerate({ variables: values });
    setCodes(data?.regenerateRecoveryCodes ?? []);
    setAsking(false);
    form.reset();
  });

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">Recovery codes</CardTitle>
        <CardDescription>
          Each code signs you in once instead of the authenticator&apos;s code, if you lose it.{' '}
          <span className={remaining <= 3 ? 'font-medium text-amber-800 dark:text-amber-200' : undefined}>
            {remaining === 1 ? '1 code left' : `${remaining} codes left`}.
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!asking ? (
          <Button variant="outline" className="w-fit" onClick={() => setAsking(true)}>
            Make new recovery codes
          </Button>
        ) : (
          <Form {...form}>
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Make new recovery codes">
              <p className="text-sm text-muted-foreground">Your current codes stop working once the new ones are made.</p>
              <ErrorAlert message={generalError} title="Could not make new codes" />
              <CodeField control={form.control} name="otpToken" label="Code from your authenticator app" autoFocus itemClassName="sm:max-w-xs" />
              <div className="flex gap-2">
                <SubmitButton pendingLabel="Making codes">Make new codes</SubmitButton>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setAsking(false);
                    setGeneralError(null);
                    form.reset();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
      <ShownOnceDialog
        open={codes !== null}
        onClose={() => setCodes(null)}
        title="Your new recovery codes"
        description="Your old codes no longer work. Save these somewhere safe: they are not shown again."
      >
        {codes && <RecoveryCodesList codes={codes} />}
      </ShownOnceDialog>
    </Card>
  );
}
