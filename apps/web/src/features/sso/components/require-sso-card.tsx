import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryErrorAlert } from '@/components/query-boundary';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { WarningNote } from '@/components/warning-note';
import { SsoRequirementQuery, SsoSetRequireSsoMutation } from '@/features/sso/api/require-sso';
import { REQUIRE_SSO_DESCRIPTION } from '@/features/sso/lib/require-sso-words';
import { toastChange } from '@/hooks/toast-change';
import { selectedAccountIdVar } from '@/lib/local-state';

/**
 * The organization's "Require SSO" switch (sso:manage): when on, its members sign in only through the identity
 * provider. Turning it on asks first; the server refuses it unless this administrator is signed in with SSO.
 */
export function RequireSsoCard() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const { data, error, refetch } = useQuery(SsoRequirementQuery, { variables: { accountId: accountId ?? '' }, skip: !accountId });
  const [setRequireSso, { loading: saving }] = useMutation(SsoSetRequireSsoMutation);
  const [confirming, setConfirming] = useState(false);
  const organization = data?.account?.organization;
  const required = organization?.requireSso ?? false;
  const signedInWithSso = data?.currentSession.authMethod === 'sso';

  const change = (next: boolean) => setRequireSso({ variables: { accountId: accountId ?? '', required: next } });

  return (
    <SectionCard
      className="gap-5"
      contentClassName="flex flex-col gap-4"
      title="Require single sign-on"
      description={REQUIRE_SSO_DESCRIPTION}
      action={
        organization ? (
          <div className="flex items-center gap-2">
            <span className="text-sm font-medium">{required ? 'Required' : 'Not required'}</span>
            <Switch
              aria-label="Require single sign-on"
              checked={required}
              disabled={saving || (!required && !signedInWithSso)}
              onCheckedChange={(next) => {
                if (next) setConfirming(true);
                else
                  void toastChange(
                    () => change(false),
                    { title: 'Single sign-on no longer required', description: 'Members can sign in with their Rampart password again.' },
                    'Could not change single sign-on',
                  );
              }}
            />
          </div>
        ) : null
      }
    >
      {error && !data ? (
        <QueryErrorAlert title="Could not load single sign-on" error={error} onRetry={() => void refetch()} />
      ) : !organization ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <>
          <p className="text-sm">
            {required
              ? `On: the members of ${organization.name} sign in with “Sign in with SSO” only. Their Rampart passwords are not used.`
              : `Off: the members of ${organization.name} can sign in with single sign-on or with their Rampart password. The two passwords are separate: changing one at your identity provider does not change the other.`}
          </p>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
            <li>When on, password sign-in, password reset and setting a Rampart password are refused for members.</li>
            <li>Sessions members opened with a password end at once; their single sign-on sessions stay.</li>
            <li>Rampart staff are not affected.</li>
            <li>There is no way around it: while your identity provider is down, members cannot sign in.</li>
          </ul>
          {!required && !signedInWithSso && (
            <WarningNote>
              Sign in with single sign-on to turn this on: only an administrator signed in through your identity provider can, so nobody is locked out.
            </WarningNote>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Require single sign-on?"
        description={`Members of ${organization?.name ?? 'the organization'} then sign in only through your identity provider. Sessions they opened with a password end now.`}
        confirmLabel="Require single sign-on"
        busyLabel="Saving"
        errorTitle="Could not require single sign-on"
        onConfirm={() => change(true)}
      />
    </SectionCard>
  );
}
