import type { FieldValues } from 'react-hook-form';
import { ChoiceGroupShell } from '@/components/form/choice-group';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { toOptions, type FieldOption } from '@/components/form/options';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { cn } from '@/lib/utils';

export interface RadioGroupFieldProps<T extends FieldValues, TOut = T> extends FieldBaseProps<T, TOut> {
  options: readonly (string | FieldOption)[];
  /** Classes of the group, e.g. `grid-cols-2` to set the choices side by side. */
  className?: string;
  disabled?: boolean;
}

/** One choice of a few, each a bordered row with its radio, label and optional description. */
export function RadioGroupField<T extends FieldValues, TOut = T>({ options, className, disabled, ...shell }: RadioGroupFieldProps<T, TOut>) {
  return (
    <ChoiceGroupShell {...shell}>
      {(field, labelledBy) => (
        <RadioGroup
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          aria-labelledby={labelledBy}
          className={className}
        >
          {toOptions(options).map((option) => (
            <Label
              key={option.value}
              className={cn(
                'flex items-start gap-2 rounded-md border px-3 py-2 font-normal has-[[data-state=checked]]:border-primary',
                option.description ? 'leading-snug' : 'items-center',
              )}
            >
              <RadioGroupItem value={option.value} disabled={option.disabled} className={option.description ? 'mt-0.5' : undefined} />
              <span className="flex flex-col gap-0.5">
                {option.label}
                {option.description && <span className="text-xs text-muted-foreground">{option.description}</span>}
              </span>
            </Label>
          ))}
        </RadioGroup>
      )}
    </ChoiceGroupShell>
  );
}
