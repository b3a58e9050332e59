import { FlaskConicalIcon } from 'lucide-react';
import { BrandHeader, OutletMain } from '@/components/layouts/standalone-layout-parts';

/**
 * Billing pages outside the shell: the sandbox's hosted checkout and portal (standing in for Stripe's, so labelled as
 * a sandbox on every page) and the printable invoice (header hidden on paper).
 */
export default function BillingStandaloneLayout({ sandbox = false }: { sandbox?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      {sandbox && (
        <div
          data-slot="billing-sandbox-banner"
          className="flex items-center justify-center gap-2 border-b border-amber-500/40 bg-amber-500/10 px-4 py-1.5 text-center text-xs font-medium text-amber-900 dark:text-amber-200"
        >
          <FlaskConicalIcon className="size-3.5 shrink-0" aria-hidden />
          Rampart billing sandbox — no real money moves
        </div>
      )}
      <BrandHeader className="flex h-16 items-center justify-between px-4 sm:px-6 print:hidden" />
      <OutletMain className="flex flex-1 flex-col items-center px-4 pt-4 pb-16 sm:pt-8 print:p-0" />
    </div>
  );
}
