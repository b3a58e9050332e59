import type { ReactNode } from 'react';

/** The icon that opens a card of a list (a flag, an organization): a small tile in the accent colour. */
export function IconTile({ icon }: { icon: ReactNode }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4" aria-hidden>
      {icon}
    </span>
  );
}
