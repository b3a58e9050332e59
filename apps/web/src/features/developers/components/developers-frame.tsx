import { type ReactNode } from 'react';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { ROUTES } from '@/config/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS = [
  { to: `${ROUTES.developers}/general`, label: 'General' },
  { to: `${ROUTES.developers}/api-keys`, label: 'API keys' },
  { to: `${ROUTES.developers}/webhooks`, label: 'Webhooks' },
  { to: `${ROUTES.developers}/logs`, label: 'Request log' },
  { to: `${ROUTES.developers}/payouts`, label: 'Payouts' },
  { to: `${ROUTES.developers}/nft-commerce`, label: 'NFT commerce' },
];

/** Title, the developer sections as links, and the section's content. */
export function DevelopersFrame({ title, description, actions, children }: { title: string; description: string; actions?: ReactNode; children: ReactNode }) {
  useDocumentTitle(`Developers · ${title} · Rampart`);
  return (
    <PageLayout>
      <NavTabs label="Developer settings" tabs={SECTIONS} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
      </div>
      {children}
    </PageLayout>
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
