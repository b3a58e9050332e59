import type { ReactNode } from 'react';
import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormFieldShell, useGroupLabelId, type FieldBaseProps } from '@/components/form/form-field-shell';
import { FormControl } from '@/components/ui/form';

function GroupControl({ render }: { render: (labelledBy: string) => ReactNode }) {
  const labelledBy = useGroupLabelId();
  return <FormControl>{render(labelledBy)}</FormControl>;
}

/** The frame shared by the radio and checkbox groups: a group labelled by the field's label, its description, its error. */
export function ChoiceGroupShell<T extends FieldValues, TOut = T>({
  children,
  ...shell
}: FieldBaseProps<T, TOut> & {
  children: (field: ControllerRenderProps<T, FieldPath<T>>, labelledBy: string) => ReactNode;
}) {
  return (
    <FormFieldShell {...shell} group>
      {(field) => <GroupControl render={(labelledBy) => children(field, labelledBy)} />}
    </FormFieldShell>
  );
}
