import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return <Loader2Icon role="status" aria-label={label} className={cn('size-4 animate-spin', className)} {...props} />;
}

/** A centred spinner shown while a screen loads (spec §2). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] w-full flex-1 items-center justify-center">
      <Spinner className="size-8 text-muted-foreground" label="Loading page" />
    </div>
  );
}
