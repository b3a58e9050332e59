import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The currency a report's amounts are shown in, as pressed buttons. */
export function CurrencyToggle<C extends string>({
  currencies,
  value,
  onChange,
  className,
}: {
  currencies: readonly C[];
  /** The currency shown (one of `currencies` to show it pressed). */
  value: string;
  onChange: (currency: C) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label="Currency" className={cn('flex gap-1', className)}>
      {currencies.map((code) => (
        <Button key={code} size="sm" variant={code === value ? 'default' : 'outline'} aria-pressed={code === value} onClick={() => onChange(code)}>
          {code.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
