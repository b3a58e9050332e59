// A searchable list that opens over the widget (assets, countries): a combobox with a listbox, keyboard included.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ChevronDown, Search, X } from 'lucide-react';
import { cx, FieldShell } from './ui';

export interface PickerOption {
  value: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  /** Extra words the search matches (codes, network names). */
  keywords?: string;
}

interface PickerProps {
  label: string;
  title: string;
  value: string;
  options: PickerOption[];
  onChange: (value: string) => void;
  searchLabel: string;
  error?: string | null;
  hint?: ReactNode;
  locked?: boolean;
  /** Custom ranking; defaults to "label or keywords contain the query". */
  filter?: (options: PickerOption[], query: string) => PickerOption[];
}

export function Picker({ label, title, value, options, onChange, searchLabel, error, hint, locked, filter }: PickerProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const selected = options.find((option) => option.value === value);

  const close = (next?: string) => {
    setOpen(false);
    if (next !== undefined) onChange(next);
    requestAnimationFrame(() => triggerRef.current?.focus());
  };

  return (
    <FieldShell label={label} error={error} hint={hint} locked={locked}>
      {({ id, describedBy, invalid }) => (
        <>
          {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- a select-only picker: like the other fields it says when its value is wrong (aria-invalid) */}
          <button
            ref={triggerRef}
            id={id}
            type="button"
            aria-haspopup="listbox"
            aria-expanded={open}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            disabled={locked}
            onClick={() => setOpen(true)}
            className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-line bg-field px-3.5 text-left text-base disabled:bg-muted aria-[invalid=true]:border-danger"
          >
            {selected?.icon}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{selected?.label ?? 'Choose…'}</span>
              {selected?.description ? <span className="block truncate text-xs text-muted-fg">{selected.description}</span> : null}
            </span>
            {locked ? null : <ChevronDown aria-hidden className="size-4 text-muted-fg" />}
          </button>
          {open ? <PickerSheet title={title} searchLabel={searchLabel} options={options} value={value} filter={filter} onClose={close} /> : null}
        </>
      )}
    </FieldShell>
  );
}

function defaultFilter(options: PickerOption[], query: string): PickerOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  return options.filter((option) => `${option.label} ${option.description ?? ''} ${option.keywords ?? ''}`.toLowerCase().includes(q));
}

function PickerSheet({
  title,
  searchLabel,
  options,
  value,
  filter = defaultFilter,
  onClose,
}: {
  title: string;
  searchLabel: string;
  options: PickerOption[];
  value: string;
  filter?: (options: PickerOption[], query: string) => PickerOption[];
  onClose: (value?: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filter(options, query), [filter, options, query]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      shown.findIndex((option) => option.value === value),
    ),
  );
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => setActive(0), [query]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(shown.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = shown[active];
      if (option) onClose(option.value);
    } else if (event.key === 'Tab') {
      event.preventDefault(); // The sheet is modal: Escape or a choice leaves it.
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal sheet keeps Escape and Tab for everything inside it
    <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} className="absolute inset-0 z-20 flex flex-col bg-panel" onKeyDown={onKeyDown}>
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" onClick={() => onClose()} className="rounded-lg p-2 hover:bg-muted" aria-label="Close">
          <X aria-hidden className="size-5" />
        </button>
      </div>
      <div className="px-4 pt-3">
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-fg" />
          <input
            ref={inputRef}
            role="combobox"
            aria-label={searchLabel}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${id}-option-${active}` : undefined}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={searchLabel}
            autoComplete="off"
            className="block min-h-11 w-full rounded-xl border border-line bg-field pr-3 pl-9 text-base focus:border-brand focus:outline-2 focus:outline-brand"
          />
        </div>
      </div>
      <ul ref={listRef} id={`${id}-list`} role="listbox" aria-label={title} className="mt-2 flex-1 overflow-y-auto px-2 pb-3">
        {shown.map((option, index) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks options through the search combobox (aria-activedescendant); the click is the pointer's way
          <li
            key={option.value}
            id={`${id}-option-${index}`}
            data-index={index}
            role="option"
            aria-selected={option.value === value}
            onMouseEnter={() => setActive(index)}
            onClick={() => onClose(option.value)}
            className={cx(
              'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 py-2',
              index === active && 'bg-muted',
              option.value === value && 'font-semibold',
            )}
          >
            {option.icon}
            <span className="min-w-0 flex-1">
              <span className="block truncate">{option.label}</span>
              {option.description ? <span className="block truncate text-xs font-normal text-muted-fg">{option.description}</span> : null}
            </span>
          </li>
        ))}
        {shown.length === 0 ? <li className="px-3 py-4 text-sm text-muted-fg">Nothing matches “{query}”.</li> : null}
      </ul>
    </div>
  );
}

export function AssetIcon({ src, ticker }: { src: string; ticker: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-muted text-[10px] font-bold uppercase">
        {ticker.slice(0, 4)}
      </span>
    );
  }
  return <img src={src} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" onError={() => setFailed(true)} />;
}
