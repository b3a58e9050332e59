import { ArrowDownRightIcon, ArrowUpRightIcon } from 'lucide-react';
import { formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';

/** A change against an earlier period, green when good and red when bad; `inverse` when a rise is bad (failures). */
export function ChangeFigure({ value, versus, inverse = false }: { value: number | null | undefined; versus: string; inverse?: boolean }) {
  if (value === null || value === undefined) return <span className="text-xs text-muted-foreground">no previous data</span>;
  const up = value >= 0;
  const good = inverse ? !up : up;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span
      className={cn('inline-flex items-center gap-0.5 text-xs font-medium', good ? 'text-emerald-600 dark:text-emerald-400' : 'text-red-600 dark:text-red-400')}
    >
      <Icon className="size-3.5" aria-hidden />
      {`${up ? '+' : ''}${formatPercent(value)}`}
      <span className="font-normal text-muted-foreground">{versus}</span>
    </span>
  );
}
