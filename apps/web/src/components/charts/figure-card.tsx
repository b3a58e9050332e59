import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
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
