import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { RecoveryCodesList } from '@/components/recovery-codes-list';
import { ShownOnceDialog } from '@/components/shown-once-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProfileMeQuery, ProfileRegenerateRecoveryCodesMutation } from '@/features/profile/api/profile';
import { AuthenticatorCodeForm } from '@/features/profile/components/authenticator-code-form';

/** How many recovery codes remain, and a new set for the authenticator's code (the old set stops working). */
export function RecoveryCodesCard({ remaining }: { remaining: number }) {
  const [regenerate] = useMutation(ProfileRegenerateRecoveryCodesMutation, { refetchQueries: [ProfileMeQuery] });
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

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
          <AuthenticatorCodeForm
            label="Make new recovery codes"
            note="Your current codes stop working once the new ones are made."
            errorTitle="Could not make new codes"
            submitLabel="Make new codes"
            pendingLabel="Making codes"
            onConfirm={async (values) => {
              const { data } = await regenerate({ variables: values });
              setCodes(data?.regenerateRecoveryCodes ?? []);
              setAsking(false);
            }}
            onCancel={() => setAsking(false)}
          />
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
