import { useQuery, useReactiveVar } from '@apollo/client/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CopyId } from '@/components/copy-id';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { ROUTES } from '@/config/routes';
import { useAdminPermission } from '@/hooks/use-permission';
import { IdentityBadge, StatusBadge } from '@/components/status-badge';
import { formatAmount, formatCountry, formatDateTime } from '@/lib/format';
import { humanize, labelOfAsset, labelOfCustomerLevel } from '@/lib/labels';
import { describeApiError } from '@/lib/graphql-errors';
import { selectedAccountIdVar, testModeVar } from '@/lib/local-state';
import { CustomersDetailQuery } from '@/features/customers/api/customers';
import { BlockCustomerDialog } from '@/features/customers/components/block-customer-dialog';
import { CustomerCards } from '@/features/customers/components/customer-cards';
import { CustomerTransactions } from '@/features/customers/components/customer-transactions';
import { ProfileCard, ProfileTable } from '@/features/customers/components/profile-parts';
import { parseProfilePages, withProfilePage } from '@/features/customers/lib/search-params';
import { BackLink, RecordPageError, RecordPageLoading } from '@/components/layouts/record-page';
import { DetailField } from '@/components/detail-field';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

const FILE_COLUMNS = [{ heading: 'Type' }, { heading: 'Review result' }, { heading: 'Uploaded' }];
const BALANCE_COLUMNS = [
  { heading: 'Currency' },
  { heading: 'Balance', className: 'text-right' },
  { heading: 'Pending', className: 'text-right' },
  { heading: 'In / out / rewards', className: 'text-right' },
];

/** /customers/:id — profile, identity check, files, balances, paged transactions and cards; block for staff. */
export function CustomerProfile({ customerId }: { customerId: string }) {
  const accountId = useReactiveVar(selectedAccountIdVar);
  const testMode = useReactiveVar(testModeVar);
  const isLive = !testMode;
  const [params, setParams] = useSearchParams();
  const pages = parseProfilePages(params);
  const [dialogOpen, setDialogOpen] = useState(false);
  const canBlock = useAdminPermission('customer:block');
  const canUnblock = useAdminPermission('customer:unblock');
  const { data, loading, error } = useQuery(CustomersDetailQuery, { variables: { accountId: accountId ?? '', id: customerId, isLive }, skip: !accountId });
  const customer = data?.customer ?? null;
  const name = customer ? (customer.email ?? customer.externalCustomerId ?? customer.id) : 'Customer';

  useDocumentTitle(`${name} · Customers · Rampart`);

  const back = <BackLink to={ROUTES.customers}>Customers</BackLink>;
  if (!accountId || (loading && !data)) {
    return (
      <RecordPageLoading back={back}>
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-48 w-full" />
      </RecordPageLoading>
    );
  }
  if (error || !customer) {
    return (
      <RecordPageError
        back={back}
        title="Customer"
        errorTitle="Could not load this customer"
        message={error ? `${describeApiError(error).message}${testMode ? ' (You are in test mode; live customers show with test mode off.)' : ''}` : null}
      />
    );
  }
  const mayToggle = customer.isBlocked ? canUnblock : canBlock;
  // The paged lists under the profile: each keeps its page in the URL.
  const list = { accountId, customerId: customer.id, isLive };
  const onPage = (which: 'tx' | 'cards') => (page: number) => setParams(withProfilePage(params, which, page));
  const fullName = [customer.firstName, customer.lastName].filter(Boolean).join(' ');

  return (
    <PageLayout>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {fullName ? <span>{fullName}</span> : null}
            <IdentityBadge status={customer.identityCheck.level}>KYC {labelOfCustomerLevel(customer.identityCheck.level)}</IdentityBadge>
            {customer.isBlocked ? <StatusBadge meaning="failed">Blocked</StatusBadge> : null}
            {customer.isDeleted ? <Badge variant="outline">Deleted</Badge> : null}
            {customer.liveMode ? null : <Badge variant="warning">Test</Badge>}
          </div>
        </div>
        {mayToggle ? (
          <Button variant={customer.isBlocked ? 'outline' : 'destructive'} onClick={() => setDialogOpen(true)}>
            {customer.isBlocked ? 'Unblock customer' : 'Block customer'}
          </Button>
        ) : null}
      </div>
      {mayToggle ? <BlockCustomerDialog customer={customer} open={dialogOpen} onOpenChange={setDialogOpen} /> : null}

      <div className="grid min-w-0 gap-4 lg:grid-cols-3">
        <ProfileCard title="Profile" className="lg:col-span-2" contentClassName="px-5">
          <dl className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
            <DetailField label="Customer id">
              <CopyId id={customer.id} full />
            </DetailField>
            <DetailField label="External customer id">{customer.externalCustomerId ? <CopyId id={customer.externalCustomerId} full /> : null}</DetailField>
            <DetailField label="E-mail">{customer.email}</DetailField>
            <DetailField label="Country">{customer.address.country ? formatCountry(customer.address.country) : null}</DetailField>
            <DetailField label="Default currency">{customer.defaultCurrency?.toUpperCase()}</DetailField>
            <DetailField label="Blocked">{customer.isBlocked ? 'Yes' : 'No'}</DetailField>
            <DetailField label="Created">{formatDateTime(customer.createdAt, { zone: true })}</DetailField>
          </dl>
        </ProfileCard>
        <ProfileCard title="Identity check" contentClassName="px-5">
          <dl className="grid grid-cols-3 gap-4 lg:grid-cols-1">
            <DetailField label="Level">
              <IdentityBadge status={customer.identityCheck.level} />
            </DetailField>
            <DetailField label="Status">
              <IdentityBadge status={customer.identityCheck.status} />
            </DetailField>
            <DetailField label="Result">{customer.identityCheck.result ? humanize(customer.identityCheck.result) : null}</DetailField>
          </dl>
        </ProfileCard>
      </div>

      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ProfileCard title="Files">
          <ProfileTable label="Files" columns={FILE_COLUMNS} message={customer.files.length === 0 ? 'No files.' : null} messageClassName="py-6">
            {customer.files.map((file) => (
              <TableRow key={file.id}>
                <TableCell>{humanize(file.type)}</TableCell>
                <TableCell>{file.reviewResult ? <IdentityBadge status={file.reviewResult} /> : '—'}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(file.createdAt)}</TableCell>
              </TableRow>
            ))}
          </ProfileTable>
        </ProfileCard>
        <ProfileCard title="Balances">
          <ProfileTable
            label="Balances"
            columns={BALANCE_COLUMNS}
            className="min-w-[420px]"
            message={data?.customerAllBalances.length ? null : 'No balance activity.'}
            messageClassName="py-6"
          >
            {data?.customerAllBalances.map((balance) => (
              <TableRow key={balance.currency.code}>
                <TableCell className="font-medium whitespace-nowrap">{labelOfAsset(balance.currency.code)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatAmount(balance.balance, balance.currency.code)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatAmount(balance.pending, balance.currency.code)}</TableCell>
                <TableCell className="text-right text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  {formatAmount(balance.deposited, balance.currency.code)} / {formatAmount(balance.withdrawn, balance.currency.code)} /{' '}
                  {formatAmount(balance.rewarded, balance.currency.code)}
                </TableCell>
              </TableRow>
            ))}
          </ProfileTable>
        </ProfileCard>
      </div>

      <ProfileCard title="Transactions">
        <CustomerTransactions {...list} page={pages.tx} onPage={onPage('tx')} />
      </ProfileCard>
      <ProfileCard title="Cards">
        <CustomerCards {...list} page={pages.cards} onPage={onPage('cards')} />
      </ProfileCard>
    </PageLayout>
  );
}
