import { ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import type { ReviewStatusValue } from '@/gql/graphql';
import { REVIEW_STATUS_LABEL } from '@/lib/format';
import { REVIEW_STATUSES } from '@/features/kyb-review/lib/search-params';

/** A Status button opening the review statuses to tick; the choice applies at once (the list follows the URL). */
export function StatusMultiSelect({ id, value, onChange }: { id?: string; value: ReviewStatusValue[]; onChange: (value: ReviewStatusValue[]) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const base = useId();
  const toggle = (status: ReviewStatusValue, on: boolean) => setDraft(REVIEW_STATUSES.filter((option) => (option === status ? on : draft.includes(option))));
  const summary = value.length === 0 ? 'Any status' : value.length === 1 ? REVIEW_STATUS_LABEL[value[0]!] : `${value.length} statuses`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(value);
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button id={id} type="button" variant="outline" className="h-9 w-full min-w-0 justify-between px-3 font-normal">
          <span className="truncate">{summary}</span>
          <ChevronDownIcon className="text-muted-foreground" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Filter by status" className="w-max min-w-(--radix-popover-trigger-width) p-0">
        <div role="group" aria-label="Statuses" className="flex flex-col p-1">
          {REVIEW_STATUSES.map((status) => (
            <Label
              key={status}
              htmlFor={`${base}-${status}`}
              className="cursor-pointer rounded-sm px-2 py-2 font-normal hover:bg-accent hover:text-accent-foreground"
            >
              <Checkbox id={`${base}-${status}`} checked={draft.includes(status)} onCheckedChange={(checked) => toggle(status, checked === true)} />
              {REVIEW_STATUS_LABEL[status]}
            </Label>
          ))}
        </div>
        <div className="flex items-center justify-between gap-2 border-t p-2">
          <Button type="button" size="sm" variant="ghost" disabled={draft.length === 0} onClick={() => setDraft([])}>
            Clear
          </Button>
          <Button
            type="button"
            size="sm"
            onClick={() => {
              setOpen(false);
              onChange(draft);
            }}
          >
            Apply
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
