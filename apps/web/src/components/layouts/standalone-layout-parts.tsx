import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '@/components/brand';
import { ThemeToggle } from '@/components/theme-toggle';
import { PageSpinner } from '@/components/ui/spinner';
import { useTheme } from '@/hooks/use-theme';
import type { ThemeChoice } from '@/lib/theme';

/** The <main> of a layout outside the shell: the route's screen, a centred spinner while its code loads. */
export function OutletMain({ className }: { className: string }) {
  return (
    <main className={className}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

/** The theme menu of a layout outside the shell; it applies the stored theme, else `defaultChoice`. */
export function LayoutThemeToggle({ defaultChoice }: { defaultChoice: ThemeChoice }) {
  const { choice, resolved, setChoice } = useTheme(defaultChoice);
  return <ThemeToggle choice={choice} resolved={resolved} onChange={setChoice} />;
}

/** The top bar of a signed-in screen outside the shell: the brand, and the theme menu with the app's default (dark). */
export function BrandHeader({ className }: { className: string }) {
  return (
    <header className={className}>
      <Brand />
      <LayoutThemeToggle defaultChoice="dark" />
    </header>
  );
}
