import { BrandHeader, OutletMain } from '@/components/layouts/standalone-layout-parts';

/** Signed-in screens without the sidebar (/setup_2fa, /confirm_email, /onboarding). App-root default: dark. */
export function FocusLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <BrandHeader className="flex h-16 items-center justify-between px-6" />
      <OutletMain className="flex flex-1 flex-col items-center px-4 pt-6 pb-16 sm:pt-12" />
    </div>
  );
}
