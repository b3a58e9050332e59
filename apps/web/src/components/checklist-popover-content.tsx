import { useId } from 'react';
import type { ChecklistPopoverProps } from '@/components/checklist-popover';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

/** The popover of ChecklistPopover (checklist-popover.tsx), which loads this module on the trigger's first use. */
export default function ChecklistPopoverContent({
  open,
  onOpenChange,
  trigger,
  label,
  groupLabel,
  options,
  checked,
  onToggle,
  onClear,
  onApply,
  className,
  listClassName,
}: ChecklistPopoverProps) {
  const base = useId();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent aria-label={label} className={cn('w-max min-w-(--radix-popover-trigger-width) p-0', className)}>
        <div role="group" aria-label={groupLabel} className={cn('flex flex-col p-1', listClassName)}>
          {options.map((option) => (
            <Label
              key={option.value}
              htmlFor={`${base}-${option.value}`}
              className="cursor-pointer rounded-sm px-2 py-2 font-normal hover:bg-accent hover:text-accent-foreground"
            >
              <Checkbox id={`${base}-${option.value}`} checked={checked.includes(option.value)} onCheckedChange={(on) => onToggle(option.value, on === true)} />
              {option.label}
            </Label>
          ))}
        </div>
        <div className="flex items-center justify-between gap-2 border-t p-2">
          <Button type="button" size="sm" variant="ghost" disabled={checked.length === 0} onClick={onClear}>
            Clear
          </Button>
          <Button
            type="button"
            size="sm"
            onClick={() => {
              onOpenChange(false);
              onApply();
            }}
          >
            Apply
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
