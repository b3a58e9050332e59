import { FlaskConicalIcon } from 'lucide-react';
import { badgeVariants } from '@/components/ui/badge';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export const DEMO_DATA_EXPLANATION =
  'This account was made up for the demo: its customers, transactions and figures are not real, so you can explore Rampart without touching real money.';
/** What the operator runs (README): the demo cannot be removed from the dashboard. */
export const DEMO_DATA_REMOVAL_COMMAND = 'npm run seed -- --remove-demo';

/** The label of an account seeded for the demo (Account.isDemo); it opens the explanation on click, tap or Enter. */
export function DemoDataBadge({ className }: { className?: string }) {
  return (
    <Popover>
      <PopoverTrigger
        data-slot="demo-data-badge"
        className={cn(
          badgeVariants({ variant: 'info' }),
          'cursor-pointer outline-none hover:bg-sky-500/20 focus-visible:ring-[3px] focus-visible:ring-ring/60',
          className,
        )}
      >
        <FlaskConicalIcon aria-hidden className="size-3" />
        Demo data
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 space-y-2 p-3 text-sm">
        <p className="font-medium">Demo data</p>
        <p className="text-muted-foreground">{DEMO_DATA_EXPLANATION}</p>
        <p className="text-muted-foreground">
          Whoever runs your Rampart removes it with{' '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">{DEMO_DATA_REMOVAL_COMMAND}</code>.
        </p>
      </PopoverContent>
    </Popover>
  );
}
