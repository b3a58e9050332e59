import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { PageHeading } from '@/components/layouts/page-heading';
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
      <PageHeading title={title} description={description} actions={actions} />
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

/** Shows or hides the whole secret in a ValueBox; `what` names it, such as "signing secret". */
export function RevealButton({ revealed, onToggle, what }: { revealed: boolean; onToggle: () => void; what: string }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`${revealed ? 'Hide' : 'Reveal'} ${what}`} onClick={onToggle}>
      {revealed ? <EyeOffIcon aria-hidden /> : <EyeIcon aria-hidden />}
    </Button>
  );
}
