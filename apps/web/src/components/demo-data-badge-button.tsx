import { FlaskConicalIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { badgeVariants } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

// Its own file so that demo-data-badge.tsx (which loads the explanation lazily) and demo-data-explanation.tsx both
// import it without an import circle.

/** The "Demo data" label; the explanation's trigger once that has loaded. */
export function DemoDataBadgeButton({ className, ...props }: ComponentProps<'button'>) {
  return (
    <button
      type="button"
      data-slot="demo-data-badge"
      className={cn(
        badgeVariants({ variant: 'info' }),
        'cursor-pointer outline-none hover:bg-sky-500/20 focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
      {...props}
    >
      <FlaskConicalIcon aria-hidden className="size-3" />
      Demo data
    </button>
  );
}
