import { useMutation, useQuery } from '@apollo/client/react';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/data-table/list-card';
import { PageHeading } from '@/components/layouts/page-heading';
import type { KybReview_BlockedListEntryFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useAdminPermission } from '@/hooks/use-permission';
import { BLOCKED_ACTION_LABEL, BLOCKED_ACTION_TONE, BLOCKED_KIND_LABEL, formatCountry, formatDate, labelOf } from '@/lib/format';
import { BlockedListQuery, DeleteBlockedListEntryMutation } from '@/features/kyb-review/api/blocked-list';
import { BlockedEntryDialog } from '@/features/kyb-review/components/blocked-entry-dialog';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

type Entry = KybReview_BlockedListEntryFragment;

const nameOf = (entry: Pick<Entry, 'kind' | 'value'>) => (entry.kind === 'country' ? formatCountry(entry.value) : entry.value);

function ActionBadge({ entry }: { entry: Entry }) {
  return <Badge variant={BLOCKED_ACTION_TONE[entry.action] ?? 'outline'}>{labelOf(BLOCKED_ACTION_LABEL, entry.action)}</Badge>;
}

/** /admin/blocked: the countries and industries partners cannot go live from (Block) or are sent elsewhere (Redirect). */
export function BlockedListPage() {
  const canEdit = useAdminPermission('blockedCountry:edit');
  const query = useQuery(BlockedListQuery, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<{ entry: Entry | null } | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const entries = [...(query.data?.blockedCountriesAndIndustries ?? [])].sort((a, b) => a.kind.localeCompare(b.kind) || nameOf(a).localeCompare(nameOf(b)));

  useDocumentTitle('Blocked list · Rampart');

  const actions = (entry: Entry) => (
    <div className="flex justify-end gap-1">
      <Button size="icon" variant="ghost" className="size-8" aria-label={`Change ${nameOf(entry)}`} onClick={() => setEditing({ entry })}>
        <PencilIcon aria-hidden />
      </Button>
      <Button size="icon" variant="ghost" className="size-8 text-destructive" aria-label={`Remove ${nameOf(entry)}`} onClick={() => setDeleting(entry)}>
        <Trash2Icon aria-hidden />
      </Button>
    </div>
  );

  return (
    <PageLayout>
      <PageHeading
        title="Blocked list"
        description="Countries and industries checked against every account’s KYB details: Block stops an account going live, Redirect lets it go live with its customers redirected."
        actions={
          canEdit ? (
            <Button onClick={() => setEditing({ entry: null })}>
              <PlusIcon aria-hidden /> Add entry
            </Button>
          ) : null
        }
      />
      <ListCard
        label="Blocked list"
        items={entries}
        query={query}
        errorTitle="Could not load the blocked list"
        empty="Nothing is blocked. Entries you add apply to every account’s KYB country and industry."
        columns={[
          { header: 'Kind', cell: (entry) => labelOf(BLOCKED_KIND_LABEL, entry.kind), className: 'text-muted-foreground' },
          { header: 'Value', cell: nameOf, className: 'font-medium' },
          { header: 'Action', cell: (entry) => <ActionBadge entry={entry} /> },
          { header: 'Reason', cell: (entry) => entry.reason, className: 'max-w-sm whitespace-normal break-words' },
          { header: 'Added', cell: (entry) => formatDate(entry.createdAt), className: 'whitespace-nowrap text-muted-foreground' },
        ]}
        stackedClassName="items-start"
        stacked={(entry) => (
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{nameOf(entry)}</span>
              <Badge variant="outline">{labelOf(BLOCKED_KIND_LABEL, entry.kind)}</Badge>
              <ActionBadge entry={entry} />
            </span>
            <span className="break-words text-xs text-muted-foreground">{entry.reason}</span>
          </div>
        )}
        actions={canEdit ? actions : undefined}
      />
      {canEdit ? (
        <>
          <BlockedEntryDialog open={editing !== null} entry={editing?.entry ?? null} onOpenChange={(open) => !open && setEditing(null)} />
          <DeleteEntryDialog entry={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
        </>
      ) : null}
    </PageLayout>
  );
}

function DeleteEntryDialog({ entry, onOpenChange }: { entry: Entry | null; onOpenChange: (open: boolean) => void }) {
  const [remove] = useMutation(DeleteBlockedListEntryMutation, { refetchQueries: ['KybReview_BlockedList'], awaitRefetchQueries: true });

  return (
    <ConfirmDialog
      open={entry !== null}
      onClose={() => onOpenChange(false)}
      title={entry ? `Remove ${nameOf(entry)}?` : ''}
      description="Accounts from here are no longer blocked or redirected for it. The change is written to the audit trail."
      confirmLabel="Remove"
      busyLabel="Removing"
      cancelLabel="Back"
      destructive
      errorTitle="Could not remove the entry"
      onConfirm={async () => {
        if (!entry) return;
        await remove({ variables: { id: entry.id } });
        toast({ title: `${nameOf(entry)} removed from the blocked list` });
      }}
    />
  );
}
