import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/utils';

export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cn(
        'font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}
