import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { PageSpinner } from '@/components/ui/spinner';
import { useTheme } from '@/hooks/use-theme';

/** Signed-in screens without the sidebar (/setup_2fa, /confirm_email, /onboarding). App-root default: dark. */
export function FocusLayout() {
  const { choice, resolved, setChoice } = useTheme('dark');
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="flex h-16 items-center justify-between px-6">
        <Brand />
        <ThemeToggle choice={choice} resolved={resolved} onChange={setChoice} />
      </header>
      <main className="flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-12">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
