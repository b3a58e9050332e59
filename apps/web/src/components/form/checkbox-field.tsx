import type { FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { cn } from '@/lib/utils';

/** A yes/no field: the checkbox, then its label and optional description beside it. */
export function CheckboxField<T extends FieldValues, TOut = T>({
  label,
  description,
  itemClassName,
  disabled,
  ...binding
}: FieldBaseProps<T, TOut> & { disabled?: boolean }) {
  return (
    <FormField
      {...binding}
      render={({ field }) => (
        <FormItem className={cn('flex flex-row items-start gap-2', itemClassName)}>
          <FormControl>
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          </FormControl>
          <div className="flex flex-col gap-1">
            <FormLabel className="font-normal">{label}</FormLabel>
            {description && <FormDescription className="text-xs">{description}</FormDescription>}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}
