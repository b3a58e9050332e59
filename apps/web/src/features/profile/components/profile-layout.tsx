import { useEffect, type ReactNode } from 'react';
import { NavTabs } from '@/components/layouts/nav-tabs';
import { PageLayout } from '@/components/layouts/page-layout';
import { ROUTES } from '@/config/routes';

const TABS = [
  { to: ROUTES.profileGeneral, label: 'General' },
  { to: ROUTES.profileSecurity, label: 'Security' },
];

/** Profile heading and the General / Security tabs (links, so each tab has its URL). */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `Profile · ${title} · Rampart`;
  }, [title]);
  return (
    <PageLayout width="form">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
        <p className="text-sm text-muted-foreground">Your name, e-mail, password, two-factor authentication and sessions.</p>
      </div>
      <NavTabs label="Profile sections" tabs={TABS} />
      {children}
    </PageLayout>
  );
}
