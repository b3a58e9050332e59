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

/** A label beside its value (above it on phones) in a details list; `mono` for an identifier (in monospace, wrapped anywhere). */
export function DetailRow({ label, mono = false, children }: { label: string; mono?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:grid sm:grid-cols-[11rem_1fr] sm:items-baseline sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-words">{mono ? <span className="font-mono break-all">{children}</span> : children}</dd>
    </div>
  );
}
