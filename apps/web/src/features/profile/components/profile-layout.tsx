import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

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
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
        <p className="text-sm text-muted-foreground">Your name, e-mail, password, two-factor authentication and sessions.</p>
      </div>
      <nav aria-label="Profile sections" className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              cn(
                'inline-flex h-full items-center rounded-md px-4 text-sm font-medium outline-none transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50',
                isActive && 'bg-card text-foreground shadow-sm',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </div>
  );
}
