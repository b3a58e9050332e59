import type { ReactNode } from 'react';

/** One row of a NameList: its name, the line under it, and what stands at its end (badges, buttons). */
export interface NameListItem {
  key: string;
  name: ReactNode;
  detail: ReactNode;
  end: ReactNode;
}

/** A bordered list of named rows (members, accounts), or the `empty` line when there are none. */
export function NameList({ items, empty }: { items: NameListItem[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y rounded-md border text-sm">
      {items.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{item.name}</span>
            <span className="truncate text-xs text-muted-foreground">{item.detail}</span>
          </span>
          <span className="flex items-center gap-2">{item.end}</span>
        </li>
      ))}
    </ul>
  );
}
