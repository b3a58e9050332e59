import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormFieldShell, type FieldBaseProps } from '@/components/form/form-field-shell';
import type { FieldOption } from '@/components/form/options';
import { FormControl } from '@/components/ui/form';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SelectOptionItems } from '@/components/select-items';

export interface SelectFieldProps<T extends FieldValues, TOut = T> extends FieldBaseProps<T, TOut> {
  options: readonly (string | FieldOption)[];
  placeholder?: ReactNode;
  disabled?: boolean;
  triggerClassName?: string;
  /** The trigger's own accessible name, where the visible label alone would be ambiguous on the screen. */
  triggerLabel?: string;
  /** Runs after the field takes the new value (e.g. to clear a field that depends on it). */
  onValueChange?: (value: string) => void;
}

/** A Radix select over a short, fixed list (the trigger is the labelled combobox). */
export function SelectField<T extends FieldValues, TOut = T>({
  options,
  placeholder,
  disabled,
  triggerClassName,
  triggerLabel,
  onValueChange,
  ...shell
}: SelectFieldProps<T, TOut>) {
  return (
    <FormFieldShell {...shell}>
      {(field) => (
        // An empty value shows the placeholder ('' rather than undefined keeps the select controlled).
        <Select
          value={field.value ?? ''}
          onValueChange={(value) => {
            field.onChange(value);
            onValueChange?.(value);
          }}
          disabled={disabled}
        >
          <FormControl>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} className={triggerClassName} aria-label={triggerLabel}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
          </FormControl>
          <SelectContent>
            <SelectOptionItems options={options} />
          </SelectContent>
        </Select>
      )}
    </FormFieldShell>
  );
}
