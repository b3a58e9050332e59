import { staffReasonSchema } from '@rampart/shared/customer-admin';
import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowLeftIcon, EyeOffIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyId } from '@/components/copy-id';
import { ErrorAlert } from '@/components/form-alert';
import { PageLayout } from '@/components/layouts/page-layout';
import { IdentityBadge, ReviewBadge } from '@/components/status-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ROUTES } from '@/config/routes';
import {
  ApproveIdentityCheckMutation,
  DeleteCustomerMutation,
  FlagForEddMutation,
  RejectIdentityCheckMutation,
  ResetIdentityCheckMutation,
  StaffCustomerQuery,
} from '@/features/admin-customers/api/customers';
import { EditCustomerDialog } from '@/features/admin-customers/components/edit-customer-dialog';
import { ReasonAlertDialog } from '@/components/form/reason-alert-dialog';
import { useAdminPermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { describeApiError } from '@/lib/graphql-errors';
import { formatCountry, formatDateTime } from '@/lib/format';

type Action = 'approve' | 'reject' | 'reset' | 'flag' | 'delete';

const ACTIONS: Record<Action, { title: string; description: string; submit: string; done: string; destructive?: boolean }> = {
  approve: {
    title: 'Approve the identity check',
    description: 'The check becomes Clear and the customer’s level Full. The partner gets an identity_check_updated webhook.',
    submit: 'Approve',
    done: 'Identity check approved',
  },
  reject: {
    title: 'Reject the identity check',
    description: 'The check becomes Rejected and the customer’s level Basic. The partner gets an identity_check_updated webhook.',
    submit: 'Reject',
    done: 'Identity check rejected',
    destructive: true,
  },
  reset: {
    title: 'Reset the identity check',
    description: 'The customer goes through the identity check again; the level drops to Basic until it passes.',
    submit: 'Reset',
    done: 'Identity check reset',
  },
  flag: {
    title: 'Flag for enhanced due diligence',
    description: 'The customer joins the EDD queue, where a compliance analyst approves or rejects the review.',
    submit: 'Flag',
    done: 'Flagged for enhanced due diligence',
  },
  delete: {
    title: 'Delete the customer’s personal data',
    description:
      'Name, e-mail, address, files and cards are erased and the external id becomes a tombstone. Transactions stay, under the tombstone. This cannot be undone.',
    submit: 'Delete',
    done: 'Personal data deleted',
    destructive: true,
  },
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{children ?? '—'}</dd>
    </div>
  );
}

/** /admin/customers/:id: one customer of any partner, with the actions the viewer's admin role allows. */
export function CustomerDetailPage({ id }: { id: string }) {
  const { data, loading, error } = useQuery(StaffCustomerQuery, { variables: { id } });
  const customer = data?.staffCustomer;
  const can = {
    edit: useAdminPermission('customer:edit'),
    approve: useAdminPermission('kyc:approve'),
    reject: useAdminPermission('kyc:reject'),
    reset: useAdminPermission('kyc:reset'),
    flag: useAdminPermission('edd:review'),
    delete: useAdminPermission('customer:delete'),
  };
  const [editing, setEditing] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const refetch = { refetchQueries: [StaffCustomerQuery], awaitRefetchQueries: true };
  const [approve] = useMutation(ApproveIdentityCheckMutation, refetch);
  const [reject] = useMutation(RejectIdentityCheckMutation, refetch);
  const [reset] = useMutation(ResetIdentityCheckMutation, refetch);
  const [flag] = useMutation(FlagForEddMutation, refetch);
  const [remove] = useMutation(DeleteCustomerMutation, refetch);
  useDocumentTitle('Customer · Rampart');

  async function run(chosen: Action, reason: string) {
    const variables = { id, reason };
    if (chosen === 'approve') await approve({ variables });
    else if (chosen === 'reject') await reject({ variables });
    else if (chosen === 'reset') await reset({ variables });
    else if (chosen === 'flag') await flag({ variables: { customerId: id, reason } });
    else await remove({ variables });
    toast({ title: ACTIONS[chosen].done, description: 'Written to the audit trail.' });
  }

  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={ROUTES.adminCustomers}>
        <ArrowLeftIcon aria-hidden /> Customers
      </Link>
    </Button>
  );
  if (loading && !customer)
    return (
      <PageLayout>
        {back}
        <Skeleton className="h-64 w-full" />
      </PageLayout>
    );
  if (!customer)
    return (
      <PageLayout>
        {back}
        <ErrorAlert title="Could not load the customer" message={error ? describeApiError(error).message : 'Not found.'} />
      </PageLayout>
    );

  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  const live = !customer.isDeleted;
  const pendingEdd = customer.eddReviews.some((review) => review.status === 'Pending');
  const buttons: Array<{ key: Action | 'edit'; label: string; show: boolean; variant?: 'outline' | 'destructive' }> = [
    { key: 'edit', label: 'Edit', show: can.edit && live },
    { key: 'approve', label: 'Approve check', show: can.approve && live && customer.identityCheck.status !== 'Clear' },
    { key: 'reject', label: 'Reject check', show: can.reject && live && customer.identityCheck.status !== 'Rejected' },
    { key: 'reset', label: 'Reset check', show: can.reset && live && customer.identityCheck.status !== 'NotStarted' },
    { key: 'flag', label: 'Flag for EDD', show: can.flag && live && !pendingEdd },
    { key: 'delete', label: 'Delete personal data', show: can.delete && live, variant: 'destructive' },
  ];

  return (
    <PageLayout>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{customer.isDeleted ? 'Deleted customer' : name || customer.email || 'Customer'}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <CopyId id={customer.id} label="Customer id" />
            <IdentityBadge status={customer.identityCheck.status} />
            <IdentityBadge status={customer.isBlocked ? 'Blocked' : customer.identityCheck.level} />
            {customer.isDeleted ? <Badge variant="outline">Deleted</Badge> : null}
            {!customer.liveMode ? <Badge variant="info">Test mode</Badge> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2" aria-label="Actions" role="group">
          {buttons
            .filter((button) => button.show)
            .map((button) => (
              <Button
                key={button.key}
                size="sm"
                variant={button.variant ?? 'outline'}
                onClick={() => (button.key === 'edit' ? setEditing(true) : setAction(button.key))}
              >
                {button.label}
              </Button>
            ))}
        </div>
      </div>
      {customer.piiMasked ? (
        <Alert>
          <EyeOffIcon aria-hidden />
          <AlertTitle>Personal data hidden</AlertTitle>
          <AlertDescription>Your role does not include customer:viewPii: names, e-mail, address and identity documents are masked.</AlertDescription>
        </Alert>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="E-mail">{customer.email}</Fact>
            <Fact label="Name">{name || null}</Fact>
            <Fact label="Country">{customer.piiMasked ? 'Hidden' : customer.address?.country ? formatCountry(customer.address.country) : null}</Fact>
            <Fact label="Partner">
              {customer.accountName} · {customer.organizationName}
            </Fact>
            <Fact label="Partner’s customer id">
              <span className="font-mono text-xs">{customer.externalCustomerId}</span>
            </Fact>
            <Fact label="Transactions">{customer.transactionCount}</Fact>
            <Fact label="Identity check result">{customer.identityCheck.result}</Fact>
            <Fact label="Default currency">{customer.defaultCurrency?.toUpperCase()}</Fact>
            <Fact label="Created">{formatDateTime(customer.createdAt)}</Fact>
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Identity documents</CardTitle>
          </CardHeader>
          <CardContent>
            {customer.piiMasked ? (
              <p className="text-sm text-muted-foreground">Hidden from your role.</p>
            ) : customer.files.length === 0 ? (
              <p className="text-sm text-muted-foreground">No documents.</p>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="Identity documents">
                {customer.files.map((file) => (
                  <li key={file.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span>{file.type}</span>
                    <span className="text-muted-foreground">{file.reviewResult ?? 'Not reviewed'}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Enhanced due diligence</CardTitle>
          </CardHeader>
          <CardContent>
            {customer.eddReviews.length === 0 ? (
              <p className="text-sm text-muted-foreground">Never flagged.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="EDD reviews">
                {customer.eddReviews.map((review) => (
                  <li key={review.id} className="flex flex-col gap-1 rounded-md border px-3 py-2 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0 break-words">{review.flagReason}</span>
                      <ReviewBadge status={review.status} />
                    </div>
                    <span className="text-xs text-muted-foreground">
                      Flagged {formatDateTime(review.createdAt)}
                      {review.decisionReason ? ` · ${review.decidedByName ?? 'Staff'}: ${review.decisionReason}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <EditCustomerDialog customer={customer} open={editing} onOpenChange={setEditing} />
      <ReasonAlertDialog
        reasonSchema={staffReasonSchema}
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action ? ACTIONS[action].title : ''}
        description={action ? ACTIONS[action].description : ''}
        submitLabel={action ? ACTIONS[action].submit : ''}
        destructive={action ? ACTIONS[action].destructive : false}
        onConfirm={(reason) => run(action!, reason)}
      />
    </PageLayout>
  );
}
