import { useQuery } from '@apollo/client/react';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { CustomersCardsQuery } from '@/features/customers/api/customers';
import { Pager } from '@/features/customers/components/pager';
import { PROFILE_PAGE_SIZE } from '@/features/customers/lib/search-params';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The customer's saved payment cards. */
export function CustomerCards({
  accountId,
  customerId,
  isLive,
  page,
  onPage,
}: {
  accountId: string;
  customerId: string;
  isLive: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const { data, previousData, loading, error, refetch } = useQuery(CustomersCardsQuery, {
    variables: { accountId, id: customerId, isLive, skip: (page - 1) * PROFILE_PAGE_SIZE, take: PROFILE_PAGE_SIZE },
  });
  const list = (data ?? previousData)?.customer.cards ?? null;
  if (error && !list) return <QueryErrorAlert title="Could not load the cards" error={error} onRetry={refetch} />;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Table aria-label="Cards" aria-busy={loading} className="min-w-[420px]">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Card</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Added</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {!list ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={4}>
                <Skeleton className="h-5 w-full" />
              </TableCell>
            </TableRow>
          ) : null}
          {list && list.items.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                No cards saved.
              </TableCell>
            </TableRow>
          ) : null}
          {list?.items.map((card) => (
            <TableRow key={card.id}>
              <TableCell className="whitespace-nowrap font-medium">
                {card.brand} •••• {card.lastDigits}
              </TableCell>
              <TableCell>{card.cardType}</TableCell>
              <TableCell className="tabular-nums">
                {String(card.expiryMonth).padStart(2, '0')}/{card.expiryYear}
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(card.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list && list.totalCount > PROFILE_PAGE_SIZE ? (
        <Pager
          label="Card pages"
          page={page}
          pageSize={PROFILE_PAGE_SIZE}
          totalCount={list.totalCount}
          isTotalExact={list.isTotalExact}
          shown={list.items.length}
          onPage={onPage}
        />
      ) : null}
    </div>
  );
}
