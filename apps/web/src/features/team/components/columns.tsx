import type { ColumnDef } from '@tanstack/react-table';
import { MailIcon, MoreHorizontalIcon, UserMinusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectOptionItems } from '@/components/select-items';
import { StatusBadge } from '@/components/status-badge';
import { formatDate, ROLE_OPTIONS, roleLabel } from '@/features/team/lib/format';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import type { MembershipRole, Team_MemberFragment } from '@/gql/graphql';

export interface TeamColumnOptions {
  /** Administrators get the role select and the row actions; everyone else reads. */
  canManage: boolean;
  currentUserId: string | null;
  onRoleChange: (member: Team_MemberFragment, role: MembershipRole) => void;
  onResend: (member: Team_MemberFragment) => void;
  onRemove: (member: Team_MemberFragment) => void;
}

export function teamColumns({ canManage, currentUserId, onRoleChange, onResend, onRemove }: TeamColumnOptions): ColumnDef<Team_MemberFragment>[] {
  const columns: ColumnDef<Team_MemberFragment>[] = [
    {
      id: 'member',
      header: 'Member',
      cell: ({ row }) => {
        const { user } = row.original;
        const isYou = user.id === currentUserId;
        // An invited person has no name until they register.
        const hasName = user.name.trim() !== '' && user.name !== user.email;
        return (
          <div className="flex max-w-[11rem] min-w-0 flex-col sm:max-w-xs">
            <span className="flex items-center gap-2 font-medium">
              <span className="truncate">{hasName ? user.name : user.email}</span>
              {isYou && <Badge variant="secondary">You</Badge>}
            </span>
            {hasName && <span className="truncate text-xs text-muted-foreground">{user.email}</span>}
          </div>
        );
      },
    },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row }) => {
        const member = row.original;
        if (!canManage) return <Badge variant="outline">{roleLabel(member.role)}</Badge>;
        return (
          <Select value={member.role} onValueChange={(role) => onRoleChange(member, role as MembershipRole)}>
            <SelectTrigger className="h-8 w-44" aria-label={`Role of ${member.user.email}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectOptionItems options={ROLE_OPTIONS} />
            </SelectContent>
          </Select>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => {
        const member = row.original;
        if (member.hasAcceptedInvite) {
          return <StatusBadge meaning="success">Active</StatusBadge>;
        }
        const expired = member.inviteExpiresAt !== null && member.inviteExpiresAt !== undefined && new Date(member.inviteExpiresAt) < new Date();
        return (
          <div className="flex flex-col gap-0.5">
            <StatusBadge meaning={expired ? 'failed' : 'waiting'}>{expired ? 'Invitation expired' : 'Invitation pending'}</StatusBadge>
            <time
              dateTime={member.inviteExpiresAt ?? undefined}
              title={formatDateTime(member.inviteExpiresAt, { zone: true })}
              className="text-xs text-muted-foreground"
            >
              {expired ? 'Expired' : 'Expires'} {formatRelativeTime(member.inviteExpiresAt)}
            </time>
          </div>
        );
      },
    },
    {
      id: 'joined',
      meta: { className: 'hidden md:table-cell' },
      header: 'Joined',
      cell: ({ row }) => <span className="whitespace-nowrap text-muted-foreground">{formatDate(row.original.joinedAt)}</span>,
    },
  ];
  if (!canManage) return columns;
  columns.push({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row }) => {
      const member = row.original;
      return (
        <div className="flex justify-end">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${member.user.email}`}>
                <MoreHorizontalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {!member.hasAcceptedInvite && (
                <>
                  <DropdownMenuItem onSelect={() => onResend(member)}>
                    <MailIcon aria-hidden /> Resend invitation
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                </>
              )}
              <DropdownMenuItem variant="destructive" onSelect={() => onRemove(member)}>
                <UserMinusIcon aria-hidden /> {member.hasAcceptedInvite ? 'Remove from account' : 'Revoke invitation'}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      );
    },
  });
  return columns;
}
