import { useMutation, useQuery } from '@apollo/client/react';
import { MoreHorizontalIcon, ShieldCheckIcon, ShieldOffIcon, UserCogIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTableLoadingRows } from '@/components/data-table/data-table-parts';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { QueryErrorAlert } from '@/components/query-boundary';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { HeadedTable } from '@/components/data-table/headed-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { DeactivateStaffMemberMutation, StaffMembersQuery } from '@/features/admin-staff/api/staff';
import { ChangeRoleDialog } from '@/features/admin-staff/components/change-role-dialog';
import { InviteStaffDialog } from '@/features/admin-staff/components/invite-staff-dialog';
import { staffRoleLabel } from '@/features/admin-staff/lib/roles';
import type { AdminStaff_MemberFragment } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminPermission, useViewer } from '@/hooks/use-permission';
import { toast } from '@/hooks/use-toast';
import { formatDate, formatDateTime, formatRelativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

function StatusCell({ member }: { member: AdminStaff_MemberFragment }) {
  if (member.status === 'Deactivated')
    return (
      <div className="flex flex-col gap-0.5">
        <StatusBadge meaning="neutral">Deactivated</StatusBadge>
        <span className="text-xs whitespace-nowrap text-muted-foreground">{formatDate(member.deactivatedAt)}</span>
      </div>
    );
  if (member.status === 'Active') return <StatusBadge meaning="success">Active</StatusBadge>;
  const open = member.invitationExpiresAt !== null && member.invitationExpiresAt !== undefined;
  return (
    <div className="flex flex-col gap-0.5">
      <StatusBadge meaning={open ? 'waiting' : 'failed'}>{open ? 'Invitation pending' : 'Invitation expired'}</StatusBadge>
      <span className="text-xs whitespace-nowrap text-muted-foreground">
        {open ? (
          <time dateTime={member.invitationExpiresAt ?? undefined} title={formatDateTime(member.invitationExpiresAt, { zone: true })}>
            Expires {formatRelativeTime(member.invitationExpiresAt)}
          </time>
        ) : (
          'Invite again to send a new link'
        )}
      </span>
    </div>
  );
}

function TwoFactor({ on }: { on: boolean }) {
  return on ? (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      <ShieldCheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden /> On
    </span>
  ) : (
    <span className="flex items-center gap-1.5 whitespace-nowrap text-muted-foreground">
      <ShieldOffIcon className="size-4" aria-hidden /> Not yet
    </span>
  );
}

function LastSignIn({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="text-muted-foreground">Never</span>;
  return (
    <time dateTime={at} title={formatDateTime(at, { zone: true })}>
      {formatRelativeTime(at)}
    </time>
  );
}

function RoleCell({ member }: { member: AdminStaff_MemberFragment }) {
  if (member.status === 'Deactivated') return <span className="text-xs whitespace-nowrap">Was {staffRoleLabel(member.formerRole)}</span>;
  return (
    <Badge variant="outline" className="whitespace-nowrap">
      {staffRoleLabel(member.role)}
    </Badge>
  );
}

interface ActionHandlers {
  onChangeRole: (member: AdminStaff_MemberFragment) => void;
  onDeactivate: (member: AdminStaff_MemberFragment) => void;
}

function MemberActions({ member, onChangeRole, onDeactivate }: { member: AdminStaff_MemberFragment } & ActionHandlers) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${member.email}`}>
          <MoreHorizontalIcon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onChangeRole(member)}>
          <UserCogIcon aria-hidden /> Change role
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDeactivate(member)}>
          <UserXIcon aria-hidden /> Deactivate
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** /admin/staff: the provider's staff users; staff:manage invites, changes roles and deactivates. The route checks staff:view. */
export function StaffPage() {
  useDocumentTitle('Staff · Rampart');
  const canManage = useAdminPermission('staff:manage');
  const viewer = useViewer();
  const { data, loading, error, refetch } = useQuery(StaffMembersQuery, { fetchPolicy: 'cache-and-network' });
  const [deactivate] = useMutation(DeactivateStaffMemberMutation);
  const [roleTarget, setRoleTarget] = useState<AdminStaff_MemberFragment | null>(null);
  const [deactivateTarget, setDeactivateTarget] = useState<AdminStaff_MemberFragment | null>(null);
  const members = data?.staffMembers ?? [];
  const activeCount = members.filter((member) => member.status !== 'Deactivated').length;
  const columns = canManage ? 7 : 6;
  const handlers: ActionHandlers = { onChangeRole: setRoleTarget, onDeactivate: setDeactivateTarget };
  const actsOn = (member: AdminStaff_MemberFragment) => canManage && member.status !== 'Deactivated' && member.id !== viewer.userId;

  return (
    <PageLayout>
      <PageHeading
        title="Staff"
        description="The provider’s own people: what each may do follows their role. Staff act only with two-factor authentication on."
        actions={canManage ? <InviteStaffDialog /> : null}
      />
      {error && !data ? <QueryErrorAlert title="Could not load the staff" error={error} onRetry={refetch} /> : null}
      <div className="hidden rounded-xl border bg-card md:block">
        <HeadedTable label="Staff" columns={['Name', 'Role', 'Two-factor', 'Last sign-in', 'Sessions', 'Status']} actions={canManage}>
          {loading && !data ? <DataTableLoadingRows rows={3} colSpan={columns} /> : null}
          {members.map((member) => {
            const isYou = member.id === viewer.userId;
            const deactivated = member.status === 'Deactivated';
            return (
              <TableRow key={member.id} className={deactivated ? 'text-muted-foreground' : undefined}>
                <TableCell>
                  <div className="flex max-w-[14rem] min-w-0 flex-col sm:max-w-xs">
                    <span className="flex items-center gap-2 font-medium">
                      <span className="truncate">{member.name || member.email}</span>
                      {isYou ? <Badge variant="secondary">You</Badge> : null}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                  </div>
                </TableCell>
                <TableCell>
                  <RoleCell member={member} />
                </TableCell>
                <TableCell>
                  <TwoFactor on={member.isTwoFactorEnabled} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <LastSignIn at={member.lastSignInAt} />
                </TableCell>
                <TableCell className="tabular-nums">{member.activeSessions}</TableCell>
                <TableCell>
                  <StatusCell member={member} />
                </TableCell>
                {canManage ? (
                  <TableCell className="text-right">{deactivated || isYou ? null : <MemberActions member={member} {...handlers} />}</TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </HeadedTable>
      </div>
      {/* Phones: the same members stacked, every fact in view without scrolling sideways. */}
      <ul aria-label="Staff" className="flex flex-col divide-y rounded-xl border bg-card md:hidden">
        {loading && !data ? (
          <li className="px-4 py-3">
            <Skeleton className="h-14 w-full" />
          </li>
        ) : null}
        {members.map((member) => (
          <li key={member.id} className={cn('flex flex-col gap-2 px-4 py-3', member.status === 'Deactivated' && 'text-muted-foreground')}>
            <div className="flex items-start justify-between gap-2">
              <div className="flex min-w-0 flex-col">
                <span className="flex items-center gap-2 font-medium">
                  <span className="truncate">{member.name || member.email}</span>
                  {member.id === viewer.userId ? <Badge variant="secondary">You</Badge> : null}
                </span>
                <span className="truncate text-xs text-muted-foreground">{member.email}</span>
              </div>
              {actsOn(member) ? <MemberActions member={member} {...handlers} /> : null}
            </div>
            <div className="flex flex-wrap items-start gap-2">
              <RoleCell member={member} />
              <StatusCell member={member} />
            </div>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="flex items-center gap-1">
                Two-factor: <TwoFactor on={member.isTwoFactorEnabled} />
              </span>
              <span>
                Last sign-in: <LastSignIn at={member.lastSignInAt} />
              </span>
              <span>
                {member.activeSessions} session{member.activeSessions === 1 ? '' : 's'}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {data ? (
        <p className="text-xs text-muted-foreground">
          {activeCount} staff member{activeCount === 1 ? '' : 's'}
          {members.length > activeCount ? `, ${members.length - activeCount} deactivated` : ''}. Nobody changes their own role or deactivates themselves.
        </p>
      ) : null}
      <ChangeRoleDialog member={roleTarget} onClose={() => setRoleTarget(null)} />
      <ConfirmDialog
        open={deactivateTarget !== null}
        onClose={() => setDeactivateTarget(null)}
        title={`Deactivate ${deactivateTarget?.email ?? ''}?`}
        description="Their staff role is taken away: every session of theirs ends at once and their open links stop working. The user and the audit trail stay; inviting them again makes them staff again."
        confirmLabel="Deactivate"
        busyLabel="Deactivating"
        destructive
        errorTitle="Could not deactivate"
        onConfirm={async () => {
          const member = deactivateTarget;
          if (!member) return;
          await deactivate({ variables: { userId: member.id } });
          toast({ title: 'Staff member deactivated', description: `${member.email} no longer has staff access; their sessions have ended.` });
        }}
      />
    </PageLayout>
  );
}
