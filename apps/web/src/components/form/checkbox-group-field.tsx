import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import { ChoiceGroupShell } from '@/components/form/choice-group';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { toOptions, type FieldOption } from '@/components/form/options';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';

export interface CheckboxGroupFieldProps<T extends FieldValues, TOut = T> extends FieldBaseProps<T, TOut> {
  options: readonly (string | FieldOption)[];
  /** Classes of the group, e.g. `sm:grid-cols-2`. */
  className?: string;
  disabled?: boolean;
}

/** Any number of choices; the value is the list of the chosen options' values, in the order they were ticked. */
export function CheckboxGroupField<T extends FieldValues, TOut = T>({ options, className, disabled, ...shell }: CheckboxGroupFieldProps<T, TOut>) {
  const id = useId();
  return (
    <ChoiceGroupShell {...shell}>
      {(field, labelledBy) => {
        const chosen: string[] = Array.isArray(field.value) ? field.value : [];
        return (
          <div role="group" aria-labelledby={labelledBy} className={cn('grid gap-2', className)}>
            {toOptions(options).map((option, index) => {
              const boxId = `${id}-${option.value}`;
              return (
                <label
                  key={option.value}
                  htmlFor={boxId}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-muted/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/50"
                >
                  <Checkbox
                    // The first box takes the ref, so a failed submit can focus the group.
                    ref={index === 0 ? field.ref : undefined}
                    id={boxId}
                    checked={chosen.includes(option.value)}
                    disabled={disabled || option.disabled}
                    onCheckedChange={(next) => field.onChange(next ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))}
                    onBlur={field.onBlur}
                    className="mt-0.5"
                  />
                  <span className="flex flex-col gap-0.5">
                    <span className="font-medium">{option.label}</span>
                    {option.description && <span className="text-xs text-muted-foreground">{option.description}</span>}
                  </span>
                </label>
              );
            })}
          </div>
        );
      }}
    </ChoiceGroupShell>
  );
}
