import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** What a list holds on the left, Previous and Next on the right (only when there is more than one page). */
export function PrevNextPager({
  page,
  hasMore,
  summary,
  onPageChange,
}: {
  page: number;
  hasMore: boolean;
  summary?: ReactNode;
  onPageChange: (page: number) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
      <span>{summary}</span>
      {page > 1 || hasMore ? (
        <span className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={!hasMore} onClick={() => onPageChange(page + 1)}>
            Next
          </Button>
        </span>
      ) : null}
    </div>
  );
}
