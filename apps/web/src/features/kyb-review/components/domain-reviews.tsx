import { useMutation, useQuery } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { useAdminPermission } from '@/hooks/use-permission';
import { ReviewBadge } from '@/components/status-badge';
import { formatDate } from '@/lib/format';
import { AccountDomainsQuery, OrganizationAccountsQuery, UpdateDomainReviewMutation } from '@/features/kyb-review/api/applications';
import { domainReviewSchema, type DomainReviewValues } from '@/features/kyb-review/lib/decision';
import { TextareaField } from '@/components/form/textarea-field';
import { FormAlertDialog } from '@/components/form/form-alert-dialog';
import { QueryErrorAlert } from '@/components/query-boundary';

type Verdict = DomainReviewValues['status'];
interface Target {
  accountId: string;
  domain: string;
  status: Verdict;
}

/** The verdicts staff may give a domain: each one it does not have already. */
const DECISIONS: ReadonlyArray<{ status: Verdict; label: string; className?: string }> = [
  { status: 'clear', label: 'Clear' },
  { status: 'rejected', label: 'Reject', className: 'text-destructive' },
];

/** The onboarding domains of every account of the organization, each marked clear or rejected by staff. */
export function OrganizationDomains({ organizationId }: { organizationId: string }) {
  const { data, loading, error } = useQuery(OrganizationAccountsQuery, { variables: { search: organizationId } });
  // The search also matches names; only the organization with this id counts.
  const accounts = data?.organizations.find((organization) => organization.id === organizationId)?.accounts ?? [];
  if (error) return <QueryErrorAlert title="Could not load the organization’s accounts" error={error} />;
  if (loading && !data) return <Skeleton className="h-16 w-full" />;
  if (accounts.length === 0) return <p className="text-sm text-muted-foreground">The organization has no accounts.</p>;
  return (
    <div className="flex flex-col gap-4">
      {accounts.map((account) => (
        <AccountDomains key={account.id} accountId={account.id} showName={accounts.length > 1} />
      ))}
    </div>
  );
}

/** One account's domains; Clear and Reject for staff with domainReview:approve. */
export function AccountDomains({ accountId, showName = true }: { accountId: string; showName?: boolean }) {
  const canReview = useAdminPermission('domainReview:approve');
  const { data, loading, error } = useQuery(AccountDomainsQuery, { variables: { id: accountId } });
  const [target, setTarget] = useState<Target | null>(null);
  const account = data?.account;

  if (error) return <QueryErrorAlert title="Could not load the domains" error={error} />;
  if (loading && !account) return <Skeleton className="h-12 w-full" />;
  if (!account) return null;
  return (
    <div className="flex flex-col gap-2">
      {showName ? <h3 className="text-sm font-medium">{account.name}</h3> : null}
      {account.domainReviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">No domains were given at onboarding.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" aria-label={`Domains of ${account.name}`}>
          {account.domainReviews.map((review) => {
            const state = review.status ?? 'pending';
            return (
              <li key={review.domain} className="flex flex-col gap-1.5 px-3 py-2.5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-all font-mono text-sm">{review.domain}</span>
                  <ReviewBadge status={state} />
                </div>
                {review.status ? (
                  <p className="text-xs text-muted-foreground">
                    {review.reason ? <span className="text-foreground">{review.reason}</span> : null}
                    {review.reason ? ' · ' : ''}
                    {formatDate(review.updatedAt)}
                  </p>
                ) : null}
                {canReview ? (
                  <div className="flex gap-2">
                    {DECISIONS.filter((decision) => review.status !== decision.status).map((decision) => (
                      <Button
                        key={decision.status}
                        size="sm"
                        variant="outline"
                        className={decision.className}
                        aria-label={`${decision.label} ${review.domain}`}
                        onClick={() => setTarget({ accountId, domain: review.domain, status: decision.status })}
                      >
                        {decision.label}
                      </Button>
                    ))}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <DomainReviewDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </div>
  );
}

function DomainReviewDialog({ target, onOpenChange }: { target: Target | null; onOpenChange: (open: boolean) => void }) {
  const [update] = useMutation(UpdateDomainReviewMutation, { refetchQueries: ['KybReview_AccountDomains'], awaitRefetchQueries: true });
  const form = useForm<DomainReviewValues>({ resolver: zodResolver(domainReviewSchema), defaultValues: { status: 'clear', reason: '' } });
  useEffect(() => {
    if (target) form.reset({ status: target.status, reason: '' });
  }, [target, form]);
  const rejecting = target?.status === 'rejected';

  return (
    <FormAlertDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={async (values) => {
        if (!target) return;
        await update({ variables: { accountId: target.accountId, domain: target.domain, status: values.status, reason: values.reason || null } });
        toast({ title: values.status === 'clear' ? `${target.domain} cleared` : `${target.domain} rejected` });
      }}
      serverFields={{ reason: 'reason', status: 'status' }}
      title={target ? `${rejecting ? 'Reject' : 'Clear'} ${target.domain}?` : ''}
      description={
        <>
          {rejecting
            ? 'The partner’s go-live checklist shows the domain as rejected, with your reason, until it is fixed.'
            : 'The domain counts as cleared on the partner’s go-live checklist.'}{' '}
          The review is written to the audit trail.
        </>
      }
      errorTitle="Could not save the review"
      submitLabel={rejecting ? 'Reject domain' : 'Clear domain'}
      submitVariant={rejecting ? 'destructive' : 'default'}
    >
      <TextareaField
        control={form.control}
        name="reason"
        label={rejecting ? 'Reason' : 'Note (optional)'}
        rows={3}
        description={rejecting ? 'The partner reads this.' : undefined}
      />
    </FormAlertDialog>
  );
}
