import { TriangleAlertIcon, type LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** An amber note in the flow of a page or dialog: something to heed, such as a secret shown only once. */
export function WarningNote({ icon: Icon = TriangleAlertIcon, className, children, ...props }: ComponentProps<'p'> & { icon?: LucideIcon }) {
  return (
    <p
      className={cn(
        'flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200',
        className,
      )}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </p>
  );
}
