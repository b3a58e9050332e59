import { useMutation, useQuery } from '@apollo/client/react';
import { LaptopIcon } from 'lucide-react';
import { useState } from 'react';
import { AlertDialogAction, AlertDialogFrame } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ProfileActiveSessionsQuery, ProfileRevokeOtherSessionsMutation, ProfileRevokeSessionMutation } from '@/features/profile/api/profile';
import { describeUserAgent, timeAgo } from '@/features/profile/lib/user-agent';
import { toast } from '@/hooks/use-toast';

/** How a session was opened (ActiveSession.authMethod), in words. */
const SIGN_IN_METHODS: Record<string, string> = {
  password: 'password',
  sso: 'single sign-on',
  signup: 'sign-up confirmation',
  invite: 'invitation',
  password_reset: 'password reset',
};
import { describeApiError } from '@/lib/graphql-errors';
import { QueryErrorAlert } from '@/components/query-boundary';

export function SessionsCard() {
  const { data, loading, error, refetch: retry } = useQuery(ProfileActiveSessionsQuery, { fetchPolicy: 'cache-and-network' });
  const refetch = { refetchQueries: [ProfileActiveSessionsQuery], awaitRefetchQueries: true };
  const [revoke] = useMutation(ProfileRevokeSessionMutation, refetch);
  const [revokeOthers, { loading: revokingOthers }] = useMutation(ProfileRevokeOtherSessionsMutation, refetch);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const sessions = [...(data?.activeSessions ?? [])].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const others = sessions.filter((session) => !session.isCurrent).length;

  async function signOut(id: string, device: string) {
    setPendingId(id);
    try {
      await revoke({ variables: { id } });
      toast({ title: 'Session signed out', description: `${device} needs to sign in again.` });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not sign out that session', description: describeApiError(caught).message });
    } finally {
      setPendingId(null);
    }
  }

  async function signOutOthers() {
    try {
      const { data: result } = await revokeOthers();
      const count = result?.revokeOtherSessions ?? 0;
      toast({ title: 'Other sessions signed out', description: `${count} ${count === 1 ? 'session was' : 'sessions were'} ended.` });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not sign out other sessions', description: describeApiError(caught).message });
    }
  }

  return (
    <SectionCard
      className="gap-5"
      title="Active sessions"
      description="Devices signed in to your account. Sign out any you do not recognise."
      action={
        <AlertDialogFrame
          trigger={
            <Button variant="outline" size="sm" disabled={others === 0 || revokingOthers}>
              Sign out all other sessions
            </Button>
          }
          title="Sign out all other sessions?"
          description={
            <>
              {others} other {others === 1 ? 'session' : 'sessions'} will need to sign in again. This device stays signed in.
            </>
          }
          action={<AlertDialogAction onClick={() => void signOutOthers()}>Sign out others</AlertDialogAction>}
        />
      }
    >
      {error && !data ? (
        <QueryErrorAlert title="Could not load your sessions" error={error} onRetry={retry} />
      ) : loading && !data ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Active sessions">
          {sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <LaptopIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {device}
                      {session.isCurrent && <Badge variant="secondary">This device</Badge>}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {session.ipAddress ?? 'Unknown IP'} · last seen {timeAgo(session.lastSeenAt)} · signed in with{' '}
                      {SIGN_IN_METHODS[session.authMethod] ?? session.authMethod}
                    </span>
                  </div>
                </div>
                {!session.isCurrent && (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={pendingId === session.id}
                    aria-label={`Sign out ${device}, last seen ${timeAgo(session.lastSeenAt)}`}
                    onClick={() => void signOut(session.id, device)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
