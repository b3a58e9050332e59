import { ChevronDownIcon } from 'lucide-react';
import { useState } from 'react';
import { ChecklistPopover } from '@/components/checklist-popover';
import { Button } from '@/components/ui/button';
import type { ReviewStatusValue } from '@/gql/graphql';
import { REVIEW_STATUS_LABEL } from '@/lib/format';
import { REVIEW_STATUSES } from '@/features/kyb-review/lib/search-params';

/** A Status button opening the review statuses to tick (`statuses`, go-live's by default); the choice applies at once (the list follows the URL). */
export function StatusMultiSelect({
  id,
  value,
  onChange,
  statuses = REVIEW_STATUSES,
}: {
  id?: string;
  value: ReviewStatusValue[];
  onChange: (value: ReviewStatusValue[]) => void;
  statuses?: readonly ReviewStatusValue[];
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const options = statuses.map((status) => ({ value: status, label: REVIEW_STATUS_LABEL[status] }));
  const toggle = (status: string, on: boolean) => setDraft(statuses.filter((option) => (option === status ? on : draft.includes(option))));
  const summary = value.length === 0 ? 'Any status' : value.length === 1 ? REVIEW_STATUS_LABEL[value[0]!] : `${value.length} statuses`;

  return (
    <ChecklistPopover
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(value);
        setOpen(next);
      }}
      trigger={
        <Button id={id} type="button" variant="outline" className="h-9 w-full min-w-0 justify-between px-3 font-normal">
          <span className="truncate">{summary}</span>
          <ChevronDownIcon className="text-muted-foreground" aria-hidden />
        </Button>
      }
      label="Filter by status"
      groupLabel="Statuses"
      options={options}
      checked={draft}
      onToggle={toggle}
      onClear={() => setDraft([])}
      onApply={() => onChange(draft)}
    />
  );
}
