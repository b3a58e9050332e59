import { useId, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { STATUSES_OF, type TransactionKind } from '@rampart/shared/transactions';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { labelOfStatus } from '@/lib/labels';
import { cn } from '@/lib/utils';

/** The statuses of a `status` filter as kept in the URL: comma-separated (`failed` or `failed,pending`). */
export function parseStatuses(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A Status button opening a list of the kind's statuses to tick (several may be chosen). It edits the draft
 * (`value`, comma-separated); the popover's Apply applies the whole draft as the filter bar's Apply filters does.
 * A status in the URL the kind does not know (an old link) is listed after the others so it can be unticked.
 */
export function StatusFilter(props: { kind: TransactionKind; value: string; onChange: (value: string) => void; onApply: () => void; className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const chosen = parseStatuses(props.value);
  const known = STATUSES_OF[props.kind];
  const options = [...known, ...chosen.filter((status) => !known.includes(status))];
  const toggle = (status: string, on: boolean) => props.onChange(options.filter((option) => (option === status ? on : chosen.includes(option))).join(','));

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" className={cn('h-9 w-full min-w-0 justify-between px-3 font-normal', props.className)}>
          <span className="truncate">
            Status
            {chosen.length > 0 ? (
              <>
                {': '}
                <span className="font-medium">{chosen.length === 1 ? labelOfStatus(props.kind, chosen[0]) : `${chosen.length} selected`}</span>
              </>
            ) : null}
          </span>
          <ChevronDownIcon className="text-muted-foreground" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Filter by status" className="w-max max-w-(--radix-popover-content-available-width) min-w-(--radix-popover-trigger-width) p-0">
        <div role="group" aria-label="Statuses" className="flex max-h-80 flex-col overflow-y-auto p-1">
          {options.map((status) => (
            <Label
              key={status}
              htmlFor={`${id}-${status}`}
              className="cursor-pointer rounded-sm px-2 py-2 font-normal hover:bg-accent hover:text-accent-foreground"
            >
              <Checkbox id={`${id}-${status}`} checked={chosen.includes(status)} onCheckedChange={(checked) => toggle(status, checked === true)} />
              <span className="truncate">{labelOfStatus(props.kind, status)}</span>
            </Label>
          ))}
        </div>
        <div className="flex items-center justify-between gap-2 border-t p-2">
          <Button type="button" size="sm" variant="ghost" disabled={chosen.length === 0} onClick={() => props.onChange('')}>
            Clear
          </Button>
          <Button
            type="button"
            size="sm"
            onClick={() => {
              setOpen(false);
              props.onApply();
            }}
          >
            Apply
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
