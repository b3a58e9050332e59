import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectItems } from '@/components/select-items';
import { cn } from '@/lib/utils';

// The compact controls above a report (analytics, the quarterly review): they apply at once. The currency buttons are
// in currency-toggle.tsx, apart from the selects, so the dashboard's first paint does not bring Radix Select.

/** A small labelled select over `options`, each shown as `labelOf` says. */
export function ReportSelect<V extends string>({
  id,
  label,
  value,
  options,
  labelOf,
  onChange,
  className,
  triggerClassName,
  contentClassName,
  placeholder,
  disabled,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (option: V) => ReactNode;
  onChange: (value: V) => void;
  className?: string;
  triggerClassName?: string;
  contentClassName?: string;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as V)} disabled={disabled}>
        <SelectTrigger id={id} className={cn('h-8', triggerClassName)}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent className={contentClassName}>
          <SelectItems options={options} labelOf={labelOf} />
        </SelectContent>
      </Select>
    </div>
  );
}

/** One end of a custom range: a UTC day. */
export function ReportDateField({
  id,
  label,
  invalid,
  ...input
}: { id: string; label: string; invalid: boolean } & Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input id={id} type="date" className="h-8 w-40" aria-invalid={invalid ? true : undefined} {...input} />
    </div>
  );
}
