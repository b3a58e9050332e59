import type { ComponentProps } from 'react';
import { useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The submit button of the form it sits in (inside `<Form>`): disabled while that form submits, with a spinner whose
 * `pendingLabel` says what is happening.
 */
export function SubmitButton({ pendingLabel, disabled, children, ...props }: Omit<ComponentProps<typeof Button>, 'type'> & { pendingLabel: string }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" disabled={isSubmitting || disabled} {...props}>
      {isSubmitting && <Spinner label={pendingLabel} />}
      {children}
    </Button>
  );
}
