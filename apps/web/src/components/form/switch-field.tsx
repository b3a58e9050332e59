import type { FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

/** An on/off setting in a bordered row: label and description on the left, the switch on the right. */
export function SwitchField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  itemClassName,
  disabled,
}: FieldBaseProps<T, TOut> & { disabled?: boolean }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('flex flex-row items-start justify-between gap-4 rounded-lg border p-3', itemClassName)}>
          <div className="flex flex-col gap-1">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </div>
          <FormControl>
            <Switch
              ref={field.ref}
              name={field.name}
              checked={Boolean(field.value)}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
