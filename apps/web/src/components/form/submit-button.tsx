import type { ComponentProps, ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CardFooter } from '@/components/ui/card';
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

/** A form card's footer with its save button, shown only to those who may save (`shown`). */
export function CardSaveFooter({ shown, children }: { shown: boolean; children: ReactNode }) {
  if (!shown) return null;
  return (
    <CardFooter className="justify-end">
      <SubmitButton pendingLabel="Saving">{children}</SubmitButton>
    </CardFooter>
  );
}
