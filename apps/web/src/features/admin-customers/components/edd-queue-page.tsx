import { staffReasonSchema } from '@rampart/shared/customer-admin';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import { AddEddNoteMutation, ApproveEddReviewMutation, EddQueueQuery, RejectEddReviewMutation } from '@/features/admin-customers/api/customers';
import { ReasonAlertDialog } from '@/components/form/reason-alert-dialog';
import { useAdminPermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { formatDateTime, formatRelativeTime } from '@/lib/format';

const PAGE_SIZE = 20;
type Choice = { id: string; who: string; action: 'approve' | 'reject' | 'note' };

const WORDS = {
  approve: { title: 'Approve the review', submit: 'Approve', done: 'Review approved', label: 'Reason' },
  reject: { title: 'Reject the review', submit: 'Reject', done: 'Review rejected', label: 'Reason' },
  note: { title: 'Add a note', submit: 'Add note', done: 'Note added', label: 'Note' },
} as const;

/** /admin/edd: customers flagged for enhanced due diligence, oldest first, decided with a reason. The route checks edd:view. */
export function EddQueuePage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, previousData, loading, error } = useQuery(EddQueueQuery, { variables: { skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE } });
  const queue = (data ?? previousData)?.eddReviews;
  const can = { approve: useAdminPermission('edd:approve'), reject: useAdminPermission('edd:reject'), note: useAdminPermission('edd:review') };
  const [choice, setChoice] = useState<Choice | null>(null);
  const refetch = { refetchQueries: [EddQueueQuery], awaitRefetchQueries: true };
  const [approve] = useMutation(ApproveEddReviewMutation, refetch);
  const [reject] = useMutation(RejectEddReviewMutation, refetch);
  const [note] = useMutation(AddEddNoteMutation);
  useDocumentTitle('Enhanced due diligence · Rampart');

  async function run(chosen: Choice, text: string) {
    if (chosen.action === 'approve') await approve({ variables: { id: chosen.id, reason: text } });
    else if (chosen.action === 'reject') await reject({ variables: { id: chosen.id, reason: text } });
    else await note({ variables: { id: chosen.id, note: text } });
    toast({ title: WORDS[chosen.action].done, description: `${chosen.who} · written to the audit trail.` });
  }

  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Enhanced due diligence</h1>
        <p className="text-sm text-muted-foreground">
          Customers flagged for a closer look, oldest first{queue ? ` · ${queue.pendingCount} waiting` : ''}. Each decision needs a reason.
        </p>
      </div>
      {error && !queue ? <ErrorAlert title="Could not load the queue" message={describeApiError(error).message} /> : null}
      {loading && !queue ? (
        <Skeleton className="h-40 w-full" />
      ) : queue && queue.items.length === 0 ? (
        <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">No customer is waiting for review.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="EDD queue">
          {queue?.items.map((review) => {
            const who = review.customer.email ?? review.customer.externalCustomerId ?? review.customer.id;
            return (
              <li key={review.id}>
                <Card className="gap-3 py-4">
                  <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 px-5">
                    <div className="min-w-0">
                      <CardTitle className="truncate text-base">
                        <Link to={`${ROUTES.adminCustomers}/${review.customer.id}`} className="underline-offset-4 hover:underline">
                          {who}
                        </Link>
                      </CardTitle>
                      <CardDescription>
                        {review.customer.accountName} · {review.customer.organizationName} · flagged {formatRelativeTime(review.createdAt)}
                        {` by ${review.flaggedByName ?? 'the daily volume scan'}`}
                      </CardDescription>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {can.note ? (
                        <Button size="sm" variant="ghost" onClick={() => setChoice({ id: review.id, who, action: 'note' })}>
                          Add note
                        </Button>
                      ) : null}
                      {can.reject ? (
                        <Button size="sm" variant="destructive" onClick={() => setChoice({ id: review.id, who, action: 'reject' })}>
                          Reject
                        </Button>
                      ) : null}
                      {can.approve ? (
                        <Button size="sm" onClick={() => setChoice({ id: review.id, who, action: 'approve' })}>
                          Approve
                        </Button>
                      ) : null}
                    </div>
                  </CardHeader>
                  <CardContent className="flex flex-col gap-2 px-5 text-sm">
                    <p>
                      <span className="text-muted-foreground">Why: </span>
                      {review.flagReason}
                    </p>
                    {review.notes.length ? (
                      <ul className="flex flex-col gap-1 border-l-2 pl-3" aria-label="Notes">
                        {review.notes.map((entry) => (
                          <li key={entry.at}>
                            {entry.text}{' '}
                            <span className="text-xs text-muted-foreground">
                              — {entry.byName ?? 'Staff'}, {formatDateTime(entry.at)}
                            </span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {(page > 1 || queue?.hasMore) && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted-foreground">
          <span>Page {page}</span>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setParams({ page: String(page - 1) })}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!queue?.hasMore} onClick={() => setParams({ page: String(page + 1) })}>
            Next
          </Button>
        </div>
      )}
      <ReasonAlertDialog
        reasonSchema={staffReasonSchema}
        open={choice !== null}
        onOpenChange={(open) => !open && setChoice(null)}
        title={choice ? `${WORDS[choice.action].title}: ${choice.who}` : ''}
        description={choice?.action === 'note' ? 'Notes stay with the review for whoever decides it.' : 'The review leaves the queue with your decision.'}
        submitLabel={choice ? WORDS[choice.action].submit : ''}
        label={choice ? WORDS[choice.action].label : 'Reason'}
        destructive={choice?.action === 'reject'}
        onConfirm={(text) => run(choice!, text)}
      />
    </PageLayout>
  );
}
