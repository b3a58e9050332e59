import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown muted after the label (e.g. an ISO code); typing it exactly also finds the option. */
  hint?: string;
}

export interface ComboboxProps extends Omit<React.ComponentProps<'input'>, 'value' | 'onChange'> {
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  /** The listbox's accessible name, e.g. "Countries". */
  listLabel: string;
  /** What the list says when nothing matches the query. */
  noMatch: (query: string) => string;
}

function matches(option: ComboboxOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || option.label.toLowerCase().includes(q) || option.value.toLowerCase() === q || option.hint?.toLowerCase() === q;
}

/** An ARIA 1.2 combobox with a filtered listbox: type to search by label or code, arrows and Enter to choose. */
export function Combobox({ options, value, onChange, listLabel, noMatch, onBlur, className, ...props }: ComboboxProps) {
  const listId = useId();
  const selected = options.find((option) => option.value === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => options.filter((option) => matches(option, query ?? '')).slice(0, 50), [options, query]);

  function choose(option: ComboboxOption) {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  }

  function move(delta: number) {
    setOpen(true);
    setActive((current) => {
      const next = Math.min(Math.max(current + delta, 0), Math.max(shown.length - 1, 0));
      listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
      return next;
    });
  }

  const activeOption = open ? shown[active] : undefined;
  const optionId = (option: ComboboxOption) => `${listId}-${option.value.replace(/\W/g, '_')}`;
  return (
    <div className="relative">
      <Input
        {...props}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        autoComplete="off"
        className={cn('pr-9', className)}
        value={query ?? selected?.label ?? ''}
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
        aria-label={listLabel}
        hidden={!open}
        className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
      >
        {shown.length === 0 ? (
          <li className="px-2 py-1.5 text-muted-foreground">{noMatch(query ?? '')}</li>
        ) : (
          shown.map((option, index) => (
            <li
              key={option.value}
              id={optionId(option)}
              role="option"
              aria-selected={option.value === value}
              // mousedown keeps focus in the input so blur does not close the list before the click lands
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseMove={() => setActive(index)}
              className={cn(
                'flex cursor-default items-center justify-between gap-2 rounded-sm px-2 py-1.5',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span>{option.label}</span>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {option.hint}
                {option.value === value && <CheckIcon className="size-4 text-foreground" aria-hidden />}
              </span>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
