import { Button } from '@/components/ui/button';

/** Previous / next over a paged list whose page lives in the URL. */
export function Pager({
  label,
  page,
  pageSize,
  totalCount,
  isTotalExact,
  shown,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  totalCount: number;
  isTotalExact: boolean;
  shown: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / pageSize));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-end gap-2 text-sm text-muted-foreground">
      <span>
        Page {page}
        {isTotalExact ? ` of ${pages}` : ''}
      </span>
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button size="sm" variant="outline" disabled={shown < pageSize || (isTotalExact && page >= pages)} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
