import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListCard } from '@/components/data-table/list-card';
import { PrevNextPager } from '@/components/data-table/prev-next-pager';
import { FilterSelect } from '@/components/filter-select';
import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { SupportStatusBadge } from '@/components/support-thread';
import { ROUTES } from '@/config/routes';
import { SupportInboxQuery } from '@/features/admin-support/api/support-inbox';
import type { AdminSupport_RequestFragment, SupportRequestStatus } from '@/gql/graphql';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format';

const PAGE_SIZE = 25;
type Status = `${SupportRequestStatus}`;
const STATUSES: Array<{ value: Status | ''; label: string }> = [
  { value: 'Open', label: 'Needs a reply' },
  { value: 'Answered', label: 'Answered' },
  { value: 'Closed', label: 'Closed' },
  { value: '', label: 'All requests' },
];

/** /admin/support: partners' support requests (the route checks supportRequest:view), those needing a reply first by default. */
export function SupportInboxPage() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'Open') as Status | '';
  const [page, setPage] = useState(1);
  const query = useQuery(SupportInboxQuery, {
    variables: { status: status || null, skip: (page - 1) * PAGE_SIZE, take: PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const result = (query.data ?? query.previousData)?.staffSupportRequests;
  const hasMore = (result?.totalCount ?? 0) > page * PAGE_SIZE;
  useDocumentTitle('Support inbox · Rampart');

  const subject = (request: AdminSupport_RequestFragment) => (
    <Link to={`${ROUTES.adminSupport}/${request.id}`} className="font-medium break-words underline-offset-4 hover:underline">
      {request.subject}
    </Link>
  );
  const partner = (request: AdminSupport_RequestFragment) => (
    <span className="flex flex-col">
      <span className="break-words">{request.accountName}</span>
      <span className="text-xs text-muted-foreground">
        {request.organizationName} · {request.plan} plan
      </span>
    </span>
  );
  const last = (request: AdminSupport_RequestFragment) => {
    const message = request.messages.at(-1);
    return (
      <span className="flex flex-col">
        <span className="line-clamp-2 break-words">{message?.body}</span>
        <span className="text-xs text-muted-foreground">
          {message?.authorName} · {formatDateTime(request.updatedAt)}
        </span>
      </span>
    );
  };

  return (
    <PageLayout>
      <PageHeading
        title="Support inbox"
        description="Support requests partners send from the dashboard’s Support button. Each new request and each partner reply is also e-mailed to the support address; your reply is shown to the partner and e-mailed to the member who asked."
      />
      <FilterSelect
        label="Status"
        className="max-w-56"
        value={status}
        onChange={(next) => {
          setPage(1);
          setParams(next === 'Open' ? {} : { status: next || 'all' });
        }}
        options={STATUSES}
      />
      <ListCard
        label="Support requests"
        items={result?.items ?? []}
        query={query}
        errorTitle="Could not load the support requests"
        empty={status === 'Open' ? 'No request is waiting for a reply.' : 'No support request here.'}
        columns={[
          { header: 'Subject', cell: subject, className: 'max-w-xs whitespace-normal' },
          { header: 'Partner', cell: partner, className: 'whitespace-normal' },
          { header: 'Status', cell: (request) => <SupportStatusBadge status={request.status} reader="staff" /> },
          { header: 'Last message', cell: last, className: 'max-w-sm whitespace-normal' },
        ]}
        stacked={(request) => (
          <>
            {subject(request)}
            {partner(request)}
            <SupportStatusBadge status={request.status} reader="staff" />
            {last(request)}
          </>
        )}
        footer={
          <PrevNextPager
            page={page}
            hasMore={hasMore}
            onPageChange={setPage}
            summary={`${result?.totalCount === 1 ? '1 request' : `${result?.totalCount ?? 0} requests`}${page > 1 || hasMore ? ` · page ${page}` : ''}`}
          />
        }
      />
    </PageLayout>
  );
}
