import { useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import { STATUSES_OF, type TransactionKind } from '@rampart/shared/transactions';
import { Button } from '@/components/ui/button';
import { ChecklistPopover } from '@/components/checklist-popover';
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
  const chosen = parseStatuses(props.value);
  const known = STATUSES_OF[props.kind];
  const options = [...known, ...chosen.filter((status) => !known.includes(status))];
  const toggle = (status: string, on: boolean) => props.onChange(options.filter((option) => (option === status ? on : chosen.includes(option))).join(','));

  return (
    <ChecklistPopover
      open={open}
      onOpenChange={setOpen}
      trigger={
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
      }
      label="Filter by status"
      groupLabel="Statuses"
      options={options.map((status) => ({ value: status, label: <span className="truncate">{labelOfStatus(props.kind, status)}</span> }))}
      checked={chosen}
      onToggle={toggle}
      onClear={() => props.onChange('')}
      onApply={props.onApply}
      className="max-w-(--radix-popover-content-available-width)"
      listClassName="max-h-80 overflow-y-auto"
    />
  );
}
