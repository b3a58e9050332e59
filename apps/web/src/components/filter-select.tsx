import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

// Radix refuses an empty item value, so "everything" travels as this one inside the select.
const ALL = '__all__';

/**
 * A list's filter: a labelled select of `options`, one of which (such as "All statuses") has the empty value and filters
 * nothing.
 * `hideLabel` keeps the label for screen readers only, where the choices say what they filter.
 */
export function FilterSelect<V extends string>({
  label,
  hideLabel = false,
  value,
  onChange,
  options,
  className,
  triggerClassName = 'w-full',
}: {
  label: string;
  hideLabel?: boolean;
  value: V | '';
  onChange: (value: V | '') => void;
  options: ReadonlyArray<{ value: V | ''; label: ReactNode }>;
  className?: string;
  triggerClassName?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Select value={value || ALL} onValueChange={(next) => onChange(next === ALL ? '' : (next as V))}>
        <SelectTrigger id={id} className={triggerClassName}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value || ALL}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
