import { type ReactNode } from 'react';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { ROUTES } from '@/config/routes';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TABS = [
  { to: ROUTES.profileGeneral, label: 'General' },
  { to: ROUTES.profileSecurity, label: 'Security' },
];

const DESCRIPTION = 'Your name, e-mail, password, two-factor authentication and sessions.';

/** Profile heading and the General / Security tabs (links, so each tab has its URL); `description` replaces the default line. */
export function ProfileLayout({ title, description = DESCRIPTION, children }: { title: string; description?: string; children: ReactNode }) {
  useDocumentTitle(`Profile · ${title} · Rampart`);
  return (
    <PageLayout width="form">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <NavTabs label="Profile sections" tabs={TABS} />
      {children}
    </PageLayout>
  );
}
