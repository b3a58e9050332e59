import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

const SECTIONS = [
  { to: `${ROUTES.developers}/general`, label: 'General' },
  { to: `${ROUTES.developers}/api-keys`, label: 'API keys' },
  { to: `${ROUTES.developers}/webhooks`, label: 'Webhooks' },
  { to: `${ROUTES.developers}/payouts`, label: 'Payouts' },
  { to: `${ROUTES.developers}/nft-commerce`, label: 'NFT commerce' },
];

/** Title, the developer sections as links, and the section's content. */
export function DevelopersFrame({ title, description, actions, children }: { title: string; description: string; actions?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `Developers · ${title} · Rampart`;
  }, [title]);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <nav aria-label="Developer settings" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                    isActive && 'bg-card text-foreground shadow-sm',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** A value in a monospace box with actions on the right; long values wrap instead of overflowing. */
export function ValueBox({ value, children, label }: { value: string; children?: ReactNode; label?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1 rounded-md border bg-muted/40 py-1 pr-1 pl-3">
      <code aria-label={label} className="min-w-0 flex-1 font-mono text-xs break-all sm:text-sm">
        {value}
      </code>
      {children}
    </div>
  );
}
