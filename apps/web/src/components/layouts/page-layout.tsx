import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * The content column of every signed-in page: one max width and one left edge across areas, so headings do not jump
 * when the reader moves between areas (the shell's <main> gives the side padding). `form` keeps forms and settings at
 * a readable measure inside the same column, aligned to the same left edge.
 */
export function PageLayout({ className, width = 'full', ...props }: React.ComponentProps<'div'> & { width?: 'full' | 'form' }) {
  return (
    <div
      data-slot="page"
      data-width={width}
      className={cn('mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6', width === 'form' && '[&>*]:max-w-3xl', className)}
      {...props}
    />
  );
}
