import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import type { AccountStatus } from '@rampart/shared/account-status';
import { CopyId } from '@/components/copy-id';
import { DetailField } from '@/components/detail-field';
import { PageHeading } from '@/components/layouts/page-heading';
import { QueriedRecordPage } from '@/components/layouts/record-page';
import { ReviewBadge, StatusBadge, type StatusMeaning } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NameList } from '@/components/name-list';
import { ROUTES } from '@/config/routes';
import { StaffOrganizationQuery } from '@/features/admin-organizations/api/organization';
import { EditAccountDialog, EditOrganizationDialog } from '@/features/admin-organizations/components/edit-dialogs';
import { STATUS_ACTIONS, StatusDialog } from '@/features/admin-organizations/components/status-dialog';
import type { AdminOrganizations_OrganizationQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useViewer } from '@/hooks/use-permission';
import { viewerHasAdminPermission } from '@/lib/permissions';
import { formatDateTime } from '@/lib/format';
import { ADMIN_ROLE_LABEL, labelOf, ROLE_LABEL } from '@/lib/labels';

type StaffAccount = AdminOrganizations_OrganizationQuery['staffOrganization']['accounts'][number];

const STATUS_MEANING: Record<AccountStatus, StatusMeaning> = { Active: 'success', Dormant: 'waiting', Closed: 'failed' };

export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return <StatusBadge meaning={STATUS_MEANING[status]}>{status}</StatusBadge>;
}

/** /admin/organizations/:id — an organization's accounts, members, KYB and status history; edits and status changes. */
export function OrganizationPage({ organizationId }: { organizationId: string }) {
  const query = useQuery(StaffOrganizationQuery, { variables: { id: organizationId }, fetchPolicy: 'cache-and-network' });
  const view = query.data?.staffOrganization;
  const viewer = useViewer();
  const can = (permission: Parameters<typeof viewerHasAdminPermission>[1]) => viewerHasAdminPermission(viewer, permission);

  useDocumentTitle(`${view?.organization.name ?? 'Organization'} · Organizations · Rampart`);

  return (
    <QueriedRecordPage
      back={{ to: ROUTES.adminOrganizations, label: 'Organizations' }}
      record={view}
      query={query}
      errorTitle="Could not load the organization"
    >
      {(view) => (
        <>
          <PageHeading
            title={view.organization.name}
            description={view.organization.publicName ? `Public name: ${view.organization.publicName}` : undefined}
            eyebrow={<CopyId id={view.organization.id} full className="w-fit" />}
            actions={can('organization:edit') ? <EditOrganizationDialog organization={view.organization} /> : null}
          />
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl border p-4 text-sm sm:grid-cols-4 [&_dd]:font-medium">
            <DetailField label="Business verification">
              <ReviewBadge status={view.kybStatus} />
            </DetailField>
            <DetailField label="KYB level">{view.kybLevel}</DetailField>
            <DetailField label="Plan">{view.organization.subscriptionPlanType}</DetailField>
            <DetailField label="Access tier">{view.organization.accessTier}</DetailField>
          </dl>
          <h2 className="text-lg font-semibold">Accounts</h2>
          {view.accounts.length === 0 ? <p className="text-sm text-muted-foreground">No accounts.</p> : null}
          {view.accounts.map((entry) => (
            <AccountCard key={entry.account.id} entry={entry} can={can} onChanged={() => void query.refetch()} />
          ))}
        </>
      )}
    </QueriedRecordPage>
  );
}

function AccountCard({
  entry,
  can,
  onChanged,
}: {
  entry: StaffAccount;
  can: (permission: (typeof STATUS_ACTIONS)[number]['permission'] | 'account:edit') => boolean;
  onChanged: () => void;
}) {
  const { account, statusHistory } = entry;
  const [target, setTarget] = useState<AccountStatus | null>(null);
  // Only the changes this staff member's role may make (the server refuses the others anyway).
  const actions = STATUS_ACTIONS.filter((action) => action.status !== account.status && can(action.permission));

  return (
    <Card className="gap-4" aria-label={`Account ${account.name}`} role="region">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle className="flex flex-wrap items-center gap-2 text-base">
            {account.name}
            <AccountStatusBadge status={account.status} />
            {account.isVerified ? <Badge variant="outline">Verified</Badge> : null}
          </CardTitle>
          <CardDescription className="truncate">{account.internalName ? `Internal name: ${account.internalName}` : 'No internal name'}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {can('account:edit') ? <EditAccountDialog account={account} /> : null}
          {actions.map((action) => (
            <Button
              key={action.status}
              type="button"
              size="sm"
              variant={action.status === 'Active' ? 'default' : action.status === 'Closed' ? 'destructive' : 'outline'}
              onClick={() => setTarget(action.status)}
            >
              {action.label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-3 [&_dd]:font-medium">
          <DetailField label="Requires enhanced KYB">{account.whiteGloveInformation.requiresEnhancedKyb ? 'Yes' : 'No'}</DetailField>
          <DetailField label="KYB level required to go live">{account.kybInformation.kybLevelRequiredToGoLive}</DetailField>
          <DetailField label="Manually requested KYB level">{account.kybInformation.manuallyRequestedKybLevel ?? 'None'}</DetailField>
        </dl>
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Members</h3>
          <NameList
            empty="No members."
            items={account.memberships.map((membership) => ({
              key: membership.id,
              name: membership.user.name || membership.user.email,
              detail: membership.user.email,
              end: (
                <>
                  <Badge variant="secondary">{labelOf(ROLE_LABEL, membership.role)}</Badge>
                  {membership.hasAcceptedInvite ? null : <Badge variant="warning">Invited</Badge>}
                </>
              ),
            }))}
          />
        </section>
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Status history</h3>
          {statusHistory.length === 0 ? (
            <p className="text-sm text-muted-foreground">Active since it was created; never changed.</p>
          ) : (
            <ol className="flex flex-col gap-2 text-sm" aria-label={`Status history of ${account.name}`}>
              {statusHistory.map((change) => (
                <li key={`${String(change.changedAt)}-${change.status}`} className="rounded-md border px-3 py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    {change.previousStatus ? <AccountStatusBadge status={change.previousStatus} /> : null}
                    <span aria-hidden>→</span>
                    <AccountStatusBadge status={change.status} />
                    <span className="text-xs text-muted-foreground">
                      {formatDateTime(change.changedAt)}
                      {change.changedBy ? ` · ${change.changedBy}` : ''}
                      {change.changedByRole ? ` (${labelOf(ADMIN_ROLE_LABEL, change.changedByRole)})` : ''}
                    </span>
                  </div>
                  <p className="mt-1 break-words">{change.reason}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </CardContent>
      <StatusDialog account={account} status={target} onOpenChange={(open) => !open && setTarget(null)} onChanged={onChanged} />
    </Card>
  );
}
