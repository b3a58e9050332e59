import type { ReactNode } from 'react';
import { DemoDataBadge } from '@/components/demo-data-badge';
import { useIsDemoAccount } from '@/hooks/use-demo-account';

/** The heading of a screen of the selected account's data: its title, the Demo data badge on a demo account, a description. */
export function AccountDataHeading({ title, description }: { title: ReactNode; description: ReactNode }) {
  const isDemo = useIsDemoAccount();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">{title}</h1>
        {isDemo && <DemoDataBadge />}
      </div>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
