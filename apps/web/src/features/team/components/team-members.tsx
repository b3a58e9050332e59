import { useMutation, useQuery, useReactiveVar } from '@apollo/client/react';
import { hasFreeSeat, teamLimitMessage, teamSizeSentence } from '@rampart/shared/billing';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TeamMembersQuery, TeamRemoveMutation, TeamResendInvitationMutation, TeamUpdateRoleMutation } from '@/features/team/api/team';
import { teamColumns } from '@/features/team/components/columns';
import { InviteMemberDialog } from '@/features/team/components/invite-member-dialog';
import { MembersTable } from '@/features/team/components/members-table';
import { roleLabel } from '@/features/team/lib/format';
import type { MembershipRole, Team_MemberFragment } from '@/gql/graphql';
import { usePermission, useViewer } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar } from '@/lib/local-state';
import { QueryErrorAlert } from '@/components/query-boundary';
import { ROUTES } from '@/config/routes';

/** The selected account's members and pending invitations; administrators manage them, others read. */
export function TeamMembers() {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const canManage = usePermission('team:manage');
  const viewer = useViewer();
  // Every visit asks the server, so a removed member finds out at once.
  const { data, loading, error, refetch } = useQuery(TeamMembersQuery, {
    variables: { accountId: accountId ?? '' },
    skip: !accountId,
    fetchPolicy: 'cache-and-network',
  });
  const [updateRole] = useMutation(TeamUpdateRoleMutation);
  const [resend] = useMutation(TeamResendInvitationMutation);
  const [remove] = useMutation(TeamRemoveMutation, { refetchQueries: [TeamMembersQuery], awaitRefetchQueries: true });
  const [target, setTarget] = useState<Team_MemberFragment | null>(null);

  const columns = useMemo(
    () =>
      teamColumns({
        canManage,
        currentUserId: viewer.userId ?? null,
        onRoleChange: (member, role: MembershipRole) => {
          updateRole({ variables: { id: member.id, role } })
            .then(() => toast({ title: 'Role changed', description: `${member.user.email} is now ${roleLabel(role).toLowerCase()}.` }))
            .catch((caught: unknown) => toast({ variant: 'destructive', title: 'Could not change the role', description: describeApiError(caught).message }));
        },
        onResend: (member) => {
          resend({ variables: { id: member.id } })
            .then(() => toast({ title: 'Invitation sent again', description: `A new link went to ${member.user.email}. It works for 7 days.` }))
            .catch((caught: unknown) =>
              toast({ variant: 'destructive', title: 'Could not resend the invitation', description: describeApiError(caught).message }),
            );
        },
        onRemove: setTarget,
      }),
    [canManage, viewer.userId, updateRole, resend],
  );

  async function confirmRemove() {
    const member = target;
    if (!member) return;
    try {
      await remove({ variables: { id: member.id } });
      toast({
        title: member.hasAcceptedInvite ? 'Member removed' : 'Invitation revoked',
        description: `${member.user.email} no longer has access to this account.`,
      });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Could not remove the member', description: describeApiError(caught).message });
    } finally {
      setTarget(null);
    }
  }

  if (!accountId) return <p className="text-sm text-muted-foreground">Choose an account to see its team.</p>;
  if (error && !data) return <QueryErrorAlert title="Could not load the team" error={error} onRetry={refetch} />;

  const account = data?.account;
  // Access was removed (the server refused the account); the shell reloads the memberships and moves on.
  if (data && account === null && !loading) {
    return <ErrorAlert title="No access" message="You no longer have access to this account." />;
  }
  const members = account?.memberships ?? [];
  const pending = members.filter((member) => !member.hasAcceptedInvite).length;
  const plan = account?.organization.subscriptionPlanType;
  // Members and pending invitations count against the plan's team size, as the server counts them.
  const full = plan ? !hasFreeSeat(plan, members.length) : false;
  const size = plan ? teamSizeSentence(plan) : null;
  const sizeNote = !plan || !size ? '' : ` · ${full ? teamLimitMessage(plan) : `${size}.`}`;

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-5">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-base">Members</CardTitle>
          <CardDescription>
            {account
              ? `${members.length - pending} ${members.length - pending === 1 ? 'member' : 'members'}${pending ? `, ${pending} pending ${pending === 1 ? 'invitation' : 'invitations'}` : ''}`
              : 'Loading members…'}
            {sizeNote}
            {!canManage && ' · Only administrators can invite or change roles.'}
          </CardDescription>
        </div>
        {canManage &&
          account &&
          (full ? (
            <Button asChild variant="outline">
              <Link to={ROUTES.subscription}>Upgrade to invite more</Link>
            </Button>
          ) : (
            <InviteMemberDialog accountId={account.id} accountName={account.name} />
          ))}
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        {loading && !account ? (
          <div className="flex flex-col gap-2 px-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <MembersTable members={members} columns={columns} />
        )}
      </CardContent>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={target?.hasAcceptedInvite ? 'Remove this member?' : 'Revoke this invitation?'}
        description={
          target?.hasAcceptedInvite
            ? `${target.user.email} loses access to ${account?.name ?? 'this account'} at once, in every open session.`
            : `The invitation link sent to ${target?.user.email ?? ''} stops working.`
        }
        destructive
        confirmLabel={target?.hasAcceptedInvite ? 'Remove member' : 'Revoke invitation'}
        busyLabel="Removing"
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
