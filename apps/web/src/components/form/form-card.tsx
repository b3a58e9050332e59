import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '@/components/form/submit-button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';

/**
 * A settings form as a card: title and description, the fields (an error alert first), and a footer with the submit
 * button. `changesOnly` keeps the button disabled until a field changes.
 */
export function FormCard<T extends FieldValues>({
  form,
  onSubmit,
  label,
  title,
  description,
  submitLabel,
  changesOnly = false,
  children,
}: {
  form: UseFormReturn<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's accessible name. */
  label?: string;
  title: ReactNode;
  description: ReactNode;
  submitLabel: ReactNode;
  changesOnly?: boolean;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form noValidate onSubmit={onSubmit} aria-label={label}>
        <Card className="gap-5">
          <CardHeader>
            <CardTitle className="text-base">{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">{children}</CardContent>
          <CardFooter className="justify-end border-t pt-5">
            <SubmitButton pendingLabel="Saving" disabled={changesOnly ? !form.formState.isDirty : undefined}>
              {submitLabel}
            </SubmitButton>
          </CardFooter>
        </Card>
      </form>
    </Form>
  );
}
