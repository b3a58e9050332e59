import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';

// Radix Tooltip (with its popper) loads with the first tooltip a screen shows, not with the shell.
const TooltipAround = lazy(() => import('@/components/tooltip-around'));

/** `children` (one element that takes a ref) with `content` as its tooltip; until Radix Tooltip has loaded, the element alone. */
export function LazyTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <TooltipAround content={content}>{children}</TooltipAround>
    </Suspense>
  );
}
