import { SearchInput } from '@/components/search-input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** A search box under a visible label (in a form or a dialog, where the label says what is searched). */
export function SearchField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <SearchInput id={id} value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />
    </div>
  );
}
