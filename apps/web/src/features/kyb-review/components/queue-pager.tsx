import { Button } from '@/components/ui/button';
import { QUEUE_PAGE_SIZES } from '@/features/kyb-review/lib/search-params';
import { formatCount } from '@/lib/format';

/** Rows per page and previous / next over a queue whose skip and take live in the URL. */
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
  const pages = Math.max(1, Math.ceil(totalCount / take));
  const first = totalCount === 0 ? 0 : skip + 1;
  const last = Math.min(skip + take, totalCount);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <label className="flex items-center gap-2">
        Rows
        <select
          aria-label="Rows per page"
          className="rounded border bg-background px-2 py-1 text-foreground"
          value={take}
          onChange={(event) => onChange({ skip: 0, take: Number(event.target.value) })}
        >
          {QUEUE_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span>{totalCount === 0 ? 'Nothing to show' : `${formatCount(first)}–${formatCount(last)} of ${formatCount(totalCount)}`}</span>
      <div className="flex items-center gap-2">
        <span>
          Page {page} of {pages}
        </span>
        <Button size="sm" variant="outline" disabled={skip <= 0} onClick={() => onChange({ skip: Math.max(0, skip - take), take })}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={skip + take >= totalCount} onClick={() => onChange({ skip: skip + take, take })}>
          Next
        </Button>
      </div>
    </nav>
  );
}
