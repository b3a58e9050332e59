import { SearchIcon } from 'lucide-react';
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** A search box with its magnifier; `wrapperClassName` sizes the box, the rest goes to the input. */
export function SearchInput({ wrapperClassName, className, ...props }: Omit<React.ComponentProps<'input'>, 'type'> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input type="search" className={cn('pl-8', className)} {...props} />
    </div>
  );
}

/** A search form: Enter (or its submit button) runs `onSearch` instead of reloading the page. */
export function SearchForm({ onSearch, className, children }: { onSearch: () => void; className?: string; children: React.ReactNode }) {
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      {children}
    </form>
  );
}
