import type { ReactNode } from 'react';

/** A field's label marked "(optional)" in a lighter weight. */
export function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-muted-foreground">(optional)</span>
    </>
  );
}
