import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One term of a record's details (inside a <dl>) and its value; a missing value shows a dash. */
export function DetailField({ label, children, breakAll = false }: { label: string; children: ReactNode; breakAll?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('min-w-0 text-sm', breakAll ? 'break-all' : 'break-words')}>{children ?? '—'}</dd>
    </div>
  );
}
