import { ChevronsRightIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

interface Overflow {
  overflowing: boolean;
  atStart: boolean;
  atEnd: boolean;
}

/** Whether an element scrolls sideways and where it is, kept current on scroll and resize. */
export function useHorizontalOverflow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [state, setState] = useState<Overflow>({ overflowing: false, atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    // A pixel of slack: sub-pixel layouts leave scrollLeft a fraction short of the end.
    const next = { overflowing: max > 1, atStart: element.scrollLeft <= 1, atEnd: element.scrollLeft >= max - 1 };
    setState((previous) => (previous.overflowing === next.overflowing && previous.atStart === next.atStart && previous.atEnd === next.atEnd ? previous : next));
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content grows when rows arrive; watch it too.
    for (const child of Array.from(element.children)) observer.observe(child);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [measure]);
  return { ref, ...state };
}

interface HorizontalScrollProps extends React.ComponentProps<'div'> {
  /** Classes of the scrolling element (the outer element stays the positioned frame). */
  viewportClassName?: string;
  /** Words shown under the content while more of it is off to the side ("Scroll for more columns"). */
  hint?: string;
  /** data-slot of the scrolling element. */
  slot?: string;
}

/**
 * Content wider than its box scrolls sideways with a visible hint: a shadow on each side that has more, and
 * optionally a line of text while the end is not reached. Used by tables and tab bars, so phones never clip them.
 */
export function HorizontalScroll({ className, viewportClassName, hint, slot = 'horizontal-scroll', children, ...props }: HorizontalScrollProps) {
  const { ref, overflowing, atStart, atEnd } = useHorizontalOverflow<HTMLDivElement>();
  return (
    <div data-slot={`${slot}-frame`} data-overflowing={overflowing || undefined} className={cn('min-w-0', className)} {...props}>
      <div className="relative">
        {/* relative: absolutely placed content (Radix's hidden native <select>) is clipped by the scroller too. */}
        <div ref={ref} data-slot={slot} className={cn('relative w-full overflow-x-auto overscroll-x-contain', viewportClassName)}>
          {children}
        </div>
        <ScrollShadow side="start" shown={overflowing && !atStart} />
        <ScrollShadow side="end" shown={overflowing && !atEnd} />
      </div>
      {hint && overflowing && !atEnd && (
        <p data-slot="scroll-hint" className="flex items-center justify-end gap-1 px-3 pt-1.5 text-xs text-muted-foreground">
          {hint}
          <ChevronsRightIcon className="size-3.5" aria-hidden />
        </p>
      )}
    </div>
  );
}

/** The shade at an edge with more content beyond it. */
function ScrollShadow({ side, shown }: { side: 'start' | 'end'; shown: boolean }) {
  return (
    <div
      aria-hidden
      data-slot={`scroll-shadow-${side}`}
      className={cn(
        'pointer-events-none absolute inset-y-0 w-6 from-foreground/12 to-transparent transition-opacity',
        side === 'start' ? 'left-0 bg-gradient-to-r' : 'right-0 bg-gradient-to-l',
        shown ? 'opacity-100' : 'opacity-0',
      )}
    />
  );
}
