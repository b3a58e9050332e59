import { DataTablePager, formatRowRange } from '@/components/data-table/data-table-pager';
import { QUEUE_PAGE_SIZES } from '@/features/kyb-review/lib/search-params';
import { formatCount } from '@/lib/format';

/** The shared pager over a review queue whose skip and take live in the URL (its totals are exact). */
export function QueuePager({
  label,
  skip,
  take,
  totalCount,
  onChange,
}: {
  label: string;
  skip: number;
  take: number;
  totalCount: number;
  onChange: (page: { skip: number; take: number }) => void;
}) {
  const page = Math.floor(skip / take) + 1;
  return (
    <DataTablePager
      label={label}
      pageSizes={QUEUE_PAGE_SIZES}
      pageSize={take}
      page={page}
      pageCount={Math.max(1, Math.ceil(totalCount / take))}
      summary={totalCount === 0 ? 'Nothing to show' : formatRowRange(skip + 1, Math.min(skip + take, totalCount), formatCount(totalCount))}
      hasPrevious={skip > 0}
      hasNext={skip + take < totalCount}
      onPageChange={(next) => onChange({ skip: next < page ? Math.max(0, skip - take) : skip + take, take })}
      onPageSizeChange={(size) => onChange({ skip: 0, take: size })}
    />
  );
}
