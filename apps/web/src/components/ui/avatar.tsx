import type * as React from 'react';
import { cn } from '@/lib/utils';

// Plain elements, not Radix's Avatar: the one avatar (the user menu's button) shows initials only, and Radix's image
// loading state machine (about 2 KB compressed) came with every signed-in screen for no picture (issue 40).

export function Avatar({ className, ...props }: React.ComponentProps<'span'>) {
  return <span data-slot="avatar" className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}

export function AvatarFallback({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn('flex size-full items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground', className)}
      {...props}
    />
  );
}
