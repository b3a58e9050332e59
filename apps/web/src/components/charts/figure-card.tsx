import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** One of a list of key figures (an <li>): its label over the value and what the value is compared with. */
export function FigureCard({ label, className, padding = 'px-4', children }: { label: string; className?: string; padding?: string; children: ReactNode }) {
  return (
    <li aria-label={label}>
      <Card className={cn('h-full gap-1 py-4', className)}>
        <CardHeader className={padding}>
          <CardTitle className="text-xs font-normal text-muted-foreground">{label}</CardTitle>
        </CardHeader>
        <CardContent className={cn('flex flex-col gap-1', padding)}>{children}</CardContent>
      </Card>
    </li>
  );
}

/** A report while it loads: `figures` placeholders in the figures' grid, then one the size of its chart across it. */
export function FiguresSkeleton({ figures, className, figureClassName }: { figures: number; className: string; figureClassName: string }) {
  return (
    <div className={cn('grid grid-cols-2 gap-3', className)}>
      {Array.from({ length: figures }, (_, i) => (
        <Skeleton key={i} className={figureClassName} />
      ))}
      <Skeleton className="col-span-full h-64" />
    </div>
  );
}
