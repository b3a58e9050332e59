import { useMutation, useQuery } from '@apollo/client/react';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { KybReview_BlockedListEntryFragment } from '@/gql/graphql';
import { toast } from '@/hooks/use-toast';
import { useAdminPermission } from '@/hooks/use-permission';
import { BLOCKED_ACTION_LABEL, BLOCKED_ACTION_TONE, BLOCKED_KIND_LABEL, formatCountry, formatDate, labelOf } from '@/lib/format';
import { BlockedListQuery, DeleteBlockedListEntryMutation } from '@/features/kyb-review/api/blocked-list';
import { BlockedEntryDialog } from '@/features/kyb-review/components/blocked-entry-dialog';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { QueryErrorAlert } from '@/components/query-boundary';

type Entry = KybReview_BlockedListEntryFragment;

const nameOf = (entry: Pick<Entry, 'kind' | 'value'>) => (entry.kind === 'country' ? formatCountry(entry.value) : entry.value);

/** /admin/blocked: the countries and industries partners cannot go live from (Block) or are sent elsewhere (Redirect). */
export function BlockedListPage() {
  const canEdit = useAdminPermission('blockedCountry:edit');
  const { data, loading, error, refetch } = useQuery(BlockedListQuery, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<{ entry: Entry | null } | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const entries = [...(data?.blockedCountriesAndIndustries ?? [])].sort((a, b) => a.kind.localeCompare(b.kind) || nameOf(a).localeCompare(nameOf(b)));

  useDocumentTitle('Blocked list · Rampart');

  const actions = (entry: Entry) =>
    canEdit ? (
      <div className="flex justify-end gap-1">
        <Button size="icon" variant="ghost" className="size-8" aria-label={`Change ${nameOf(entry)}`} onClick={() => setEditing({ entry })}>
          <PencilIcon aria-hidden />
        </Button>
        <Button size="icon" variant="ghost" className="size-8 text-destructive" aria-label={`Remove ${nameOf(entry)}`} onClick={() => setDeleting(entry)}>
          <Trash2Icon aria-hidden />
        </Button>
      </div>
    ) : null;

  return (
    <PageLayout>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Blocked list</h1>
          <p className="text-sm text-muted-foreground">
            Countries and industries checked against every account’s KYB details: Block stops an account going live, Redirect lets it go live with its customers
            redirected.
          </p>
        </div>
        {canEdit ? (
          <Button onClick={() => setEditing({ entry: null })}>
            <PlusIcon aria-hidden /> Add entry
          </Button>
        ) : null}
      </div>
      <Card className="min-w-0 gap-4 py-5">
        <CardContent className="flex min-w-0 flex-col gap-4 px-3 sm:px-5">
          {error && !data ? <QueryErrorAlert title="Could not load the blocked list" error={error} onRetry={refetch} /> : null}
          {loading && !data ? <Skeleton className="h-32 w-full" /> : null}
          {data && entries.length === 0 ? (
            <p className="px-3 py-10 text-center text-sm text-muted-foreground">
              Nothing is blocked. Entries you add apply to every account’s KYB country and industry.
            </p>
          ) : null}
          {entries.length > 0 ? (
            <>
              <ul aria-label="Blocked list (list)" className="flex flex-col divide-y rounded-md border md:hidden">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex items-start gap-2 px-3 py-2.5 text-sm">
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{nameOf(entry)}</span>
                        <Badge variant="outline">{labelOf(BLOCKED_KIND_LABEL, entry.kind)}</Badge>
                        <Badge variant={BLOCKED_ACTION_TONE[entry.action] ?? 'outline'}>{labelOf(BLOCKED_ACTION_LABEL, entry.action)}</Badge>
                      </span>
                      <span className="break-words text-xs text-muted-foreground">{entry.reason}</span>
                    </div>
                    {actions(entry)}
                  </li>
                ))}
              </ul>
              <Table aria-label="Blocked list" className="hidden md:table">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>Kind</TableHead>
                    <TableHead>Value</TableHead>
                    <TableHead>Action</TableHead>
                    <TableHead>Reason</TableHead>
                    <TableHead>Added</TableHead>
                    {canEdit ? (
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    ) : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {entries.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell className="text-muted-foreground">{labelOf(BLOCKED_KIND_LABEL, entry.kind)}</TableCell>
                      <TableCell className="font-medium">{nameOf(entry)}</TableCell>
                      <TableCell>
                        <Badge variant={BLOCKED_ACTION_TONE[entry.action] ?? 'outline'}>{labelOf(BLOCKED_ACTION_LABEL, entry.action)}</Badge>
                      </TableCell>
                      <TableCell className="max-w-sm whitespace-normal break-words">{entry.reason}</TableCell>
                      <TableCell className="whitespace-nowrap text-muted-foreground">{formatDate(entry.createdAt)}</TableCell>
                      {canEdit ? <TableCell>{actions(entry)}</TableCell> : null}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : null}
        </CardContent>
      </Card>
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
