import type { ReactNode } from 'react';
import type { Control, ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from '@/components/ui/form';

/** What every field of the kit takes: where its value lives, its label, an optional description, the item's classes. */
export interface FieldBaseProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  /** Classes of the field's item (label, control, description and error together), e.g. a grid span. */
  itemClassName?: string;
}

/**
 * The frame of a field: label, the control the caller renders (wrapped in `FormControl` by it, since a Radix select
 * wants the control inside its root), the description and the error message.
 */
export function FormFieldShell<T extends FieldValues, TOut = T, TName extends FieldPath<T> = FieldPath<T>>({
  control,
  name,
  label,
  description,
  itemClassName,
  group = false,
  children,
}: Omit<FieldBaseProps<T, TOut>, 'name'> & {
  name: TName;
  /** The control is a group of choices, named by the label (its id from `useGroupLabelId`). */
  group?: boolean;
  children: (field: ControllerRenderProps<T, TName>, fieldState: ControllerFieldState) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem className={itemClassName}>
          {group ? <GroupLabel>{label}</GroupLabel> : <FormLabel>{label}</FormLabel>}
          {children(field, fieldState)}
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The id of a group field's label, for the group's aria-labelledby. */
export function useGroupLabelId() {
  return `${useFormField().formItemId}-label`;
}

/** The label names the group (aria-labelledby): a <label> cannot point at a group the way it points at an input. */
function GroupLabel({ children }: { children: ReactNode }) {
  const id = useGroupLabelId();
  return (
    <FormLabel id={id} htmlFor={undefined}>
      {children}
    </FormLabel>
  );
}

/** The props a kit field passes on to its control: everything but what react-hook-form's field provides. */
export type ControlProps<P> = Omit<P, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

/**
 * A field whose control is one element taking the field's props and the caller's other props (an input, a textarea,
 * a password input): the shell, with the control inside `FormControl`.
 */
export function ControlField<T extends FieldValues, TOut, P extends object>({
  control,
  name,
  label,
  description,
  itemClassName,
  render,
  ...controlProps
}: FieldBaseProps<T, TOut> & P & { render: (field: ControllerRenderProps<T>, controlProps: P) => ReactNode }) {
  return (
    <FormFieldShell control={control} name={name} label={label} description={description} itemClassName={itemClassName}>
      {(field) => <FormControl>{render(field, controlProps as unknown as P)}</FormControl>}
    </FormFieldShell>
  );
}
