import { cn } from '@/lib/utils';

/** The currency's icon from /icons/crypto; decorative next to its name. */
export function CurrencyIcon({ icon, className }: { icon: string; className?: string }) {
  return <img src={icon} alt="" width={20} height={20} className={cn('size-5 shrink-0 rounded-full', className)} loading="lazy" />;
}
