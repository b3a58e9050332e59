import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

// Radix refuses an empty item value, so "everything" travels as this one inside the select.
const ALL = '__all__';

/**
 * A list's filter: a labelled select whose first choice (`allLabel`) filters nothing and is the empty value.
 * `hideLabel` keeps the label for screen readers only, where the choices say what they filter.
 */
export function FilterSelect<V extends string>({
  id,
  label,
  hideLabel = false,
  value,
  onChange,
  allLabel,
  options,
  className,
  triggerClassName = 'w-full',
}: {
  id: string;
  label: string;
  hideLabel?: boolean;
  value: V | '';
  onChange: (value: V | '') => void;
  allLabel: string;
  options: ReadonlyArray<{ value: V; label: ReactNode }>;
  className?: string;
  triggerClassName?: string;
}) {
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
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
