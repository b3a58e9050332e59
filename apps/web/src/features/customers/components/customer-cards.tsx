import { useQuery } from '@apollo/client/react';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { CustomersCardsQuery } from '@/features/customers/api/customers';
import { ProfilePager, ProfileTable, profileListVariables, type ProfileListProps } from '@/features/customers/components/profile-parts';
import { PROFILE_PAGE_SIZE } from '@/features/customers/lib/search-params';
import { QueryErrorAlert } from '@/components/query-boundary';

/** The customer's saved payment cards. */
export function CustomerCards(props: ProfileListProps) {
  const { page, onPage } = props;
  const { data, previousData, loading, error, refetch } = useQuery(CustomersCardsQuery, {
    variables: profileListVariables(props),
  });
  const list = (data ?? previousData)?.customer.cards ?? null;
  if (error && !list) return <QueryErrorAlert title="Could not load the cards" error={error} onRetry={refetch} />;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ProfileTable
        label="Cards"
        columns={[{ heading: 'Card' }, { heading: 'Type' }, { heading: 'Expires' }, { heading: 'Added' }]}
        className="min-w-[420px]"
        busy={loading}
        loadingRows={list ? 0 : 1}
        message={list && list.items.length === 0 ? 'No cards saved.' : null}
      >
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
      </ProfileTable>
      {list && list.totalCount > PROFILE_PAGE_SIZE ? <ProfilePager label="Card pages" list={list} page={page} onPage={onPage} /> : null}
    </div>
  );
}
