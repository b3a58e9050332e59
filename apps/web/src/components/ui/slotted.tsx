import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * The component of a styled part: it renders `Part` (a Radix part or an element) with its `data-slot` and base classes,
 * a caller's className merged after them. `inner` is drawn after the caller's children (an indicator, a thumb, an icon).
 */
export function slotted<C extends React.ElementType>(Part: C, slot: string | undefined, base: string, inner?: React.ReactNode) {
  const Element: React.ElementType = Part;
  return function Slotted(props: React.ComponentProps<C>) {
    const { className, children, ...rest } = props as { className?: string; children?: React.ReactNode };
    return (
      <Element data-slot={slot} className={cn(base, className)} {...rest}>
        {inner === undefined ? (
          children
        ) : (
          <>
            {children}
            {inner}
          </>
        )}
      </Element>
    );
  };
}
