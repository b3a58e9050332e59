import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { LayoutThemeToggle, OutletMain } from '@/components/layouts/standalone-layout-parts';
import { ROUTES } from '@/config/routes';
import { consentManagerInUse, showConsentPreferences } from '@/lib/consent';

/** Shared layout of the public screens: brand, fixed top-right theme toggle (default system), <main>. */
export function PublicLayout() {
  return (
    <div className="relative flex min-h-screen flex-col bg-background">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-[radial-gradient(60%_100%_at_50%_0%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
      />
      <header className="relative z-10 flex h-16 items-center px-6">
        <Link to={ROUTES.login} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none">
          <Brand />
        </Link>
      </header>
      <div className="fixed top-3 right-4 z-40">
        <LayoutThemeToggle defaultChoice="system" />
      </div>
      <OutletMain className="relative z-10 flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-12" />
      <footer className="relative z-10 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 pb-6 text-xs text-muted-foreground">
        <span>© {new Date().getFullYear()} Rampart</span>
        <Link to={ROUTES.terms} className="underline-offset-4 hover:underline">
          Terms of service
        </Link>
        {consentManagerInUse() && (
          <button type="button" onClick={showConsentPreferences} className="cursor-pointer underline-offset-4 hover:underline">
            Cookie preferences
          </button>
        )}
      </footer>
    </div>
  );
}
