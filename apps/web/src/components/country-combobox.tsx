import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface CountryOption {
  code: string;
  name: string;
}

interface CountryComboboxProps extends Omit<React.ComponentProps<'input'>, 'value' | 'onChange'> {
  countries: readonly CountryOption[];
  value: string;
  onChange: (code: string) => void;
}

function matches(country: CountryOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || country.name.toLowerCase().includes(q) || country.code.toLowerCase() === q;
}

/** An ARIA 1.2 combobox with a filtered listbox: type to search by name or ISO code, arrows and Enter to choose. */
export function CountryCombobox({ countries, value, onChange, onBlur, className, ...props }: CountryComboboxProps) {
  const listId = useId();
  const selected = countries.find((country) => country.code === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const options = useMemo(() => countries.filter((country) => matches(country, query ?? '')).slice(0, 50), [countries, query]);

  function choose(country: CountryOption) {
    onChange(country.code);
    setQuery(null);
    setOpen(false);
  }

  function move(delta: number) {
    setOpen(true);
    setActive((current) => {
      const next = Math.min(Math.max(current + delta, 0), Math.max(options.length - 1, 0));
      listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
      return next;
    });
  }

  const activeOption = open ? options[active] : undefined;
  return (
    <div className="relative">
      <Input
        {...props}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.code}` : undefined}
        autoComplete="off"
        placeholder="Search for a country"
        className={cn('pr-9', className)}
        value={query ?? selected?.name ?? ''}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={(event) => {
          setOpen(false);
          setQuery(null);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            move(1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            move(-1);
          } else if (event.key === 'Enter' && open && activeOption) {
            event.preventDefault();
            choose(activeOption);
          } else if (event.key === 'Escape') {
            setOpen(false);
            setQuery(null);
          }
        }}
      />
      <ChevronsUpDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Countries"
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
      >
        {options.length === 0 ? (
          <li className="px-2 py-1.5 text-muted-foreground">No country matches “{query}”</li>
        ) : (
          options.map((country, index) => (
            <li
              key={country.code}
              id={`${listId}-${country.code}`}
              role="option"
              aria-selected={country.code === value}
              // mousedown keeps focus in the input so blur does not close the list before the click lands
              onMouseDown={(event) => {
                event.preventDefault();
                choose(country);
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-default items-center justify-between gap-2 rounded-sm px-2 py-1.5',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span>{country.name}</span>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {country.code}
                {country.code === value && <CheckIcon className="size-4 text-foreground" aria-hidden />}
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
