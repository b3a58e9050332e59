import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

/**
 * A filter button opening options to tick (several may be chosen), with Clear and Apply. The caller keeps what is
 * ticked (`checked`) and applies it; Apply closes the popover first.
 */
export function ChecklistPopover({
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it. */
  trigger: ReactNode;
  /** The popover's name, such as "Filter by status". */
  label: string;
  /** The name of the group of options, such as "Statuses". */
  groupLabel: string;
  options: readonly { value: string; label: ReactNode }[];
  checked: readonly string[];
  onToggle: (value: string, on: boolean) => void;
  onClear: () => void;
  onApply: () => void;
  className?: string;
  listClassName?: string;
}) {
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
