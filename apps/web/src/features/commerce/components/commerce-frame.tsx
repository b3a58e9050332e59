import { type ReactNode } from 'react';
import { Forbidden } from '@/components/forbidden';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { PageHeading } from '@/components/layouts/page-heading';
import { commercePath } from '@/features/commerce/lib/commerce';
import { usePermission } from '@/hooks/use-permission';
import { useDocumentTitle } from '@/hooks/use-document-title';

const SECTIONS = [
  { to: commercePath('intro'), label: 'Introduction' },
  { to: commercePath('onboarding'), label: 'Onboarding' },
  { to: commercePath('account'), label: 'Account' },
  { to: commercePath('wallets'), label: 'Wallets' },
];

/** Title, the commerce sections as tabs, and the section; a 403 for roles without commerce:read. */
export function CommerceFrame({
  title,
  description,
  actions,
  width = 'full',
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  width?: 'full' | 'form';
  children: ReactNode;
}) {
  const canRead = usePermission('commerce:read');
  useDocumentTitle(`Commerce · ${title} · Rampart`);
  if (!canRead) return <Forbidden reason="Commerce is open to the account's administrators. Ask one of them for access." />;
  return (
    <PageLayout>
      <NavTabs label="Commerce" tabs={SECTIONS} />
      <PageHeading title={title} description={description} actions={actions} />
      {/* Forms at a readable measure; not PageLayout's form width, which would let the tabs outgrow a phone. */}
      {width === 'form' ? <div className="flex w-full max-w-3xl min-w-0 flex-col gap-6">{children}</div> : children}
    </PageLayout>
  );
}
