import type { ReactNode } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import type { FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from '@/components/ui/form';

/** The label names the group (aria-labelledby): a <label> cannot point at a group the way it points at an input. */
function GroupLabel({ children }: { children: ReactNode }) {
  const { formItemId } = useFormField();
  return (
    <FormLabel id={`${formItemId}-label`} htmlFor={undefined}>
      {children}
    </FormLabel>
  );
}

function GroupControl({ render }: { render: (labelledBy: string) => ReactNode }) {
  const { formItemId } = useFormField();
  return <FormControl>{render(`${formItemId}-label`)}</FormControl>;
}

/** The frame shared by the radio and checkbox groups: a group labelled by the field's label, its description, its error. */
export function ChoiceGroupShell<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  itemClassName,
  children,
}: FieldBaseProps<T, TOut> & {
  children: (field: ControllerRenderProps<T, FieldPath<T>>, labelledBy: string) => ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={itemClassName}>
          <GroupLabel>{label}</GroupLabel>
          <GroupControl render={(labelledBy) => children(field, labelledBy)} />
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
