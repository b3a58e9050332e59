import { DemoDataBadgeButton } from '@/components/demo-data-badge-button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';

const DEMO_DATA_EXPLANATION =
  'This account was made up for the demo: its customers, transactions and figures are not real, so you can explore Rampart without touching real money.';
/** What the operator runs (README): the demo cannot be removed from the dashboard. */
const DEMO_DATA_REMOVAL_COMMAND = 'npm run seed -- --remove-demo';

/** The badge with its explanation, loaded by DemoDataBadge on first use; it opens at once because that use was a press. */
export default function DemoDataExplanation({ className }: { className?: string }) {
  return (
    <Popover defaultOpen>
      <PopoverTrigger asChild>
        <DemoDataBadgeButton className={className} />
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
