import { ArrowDownToLineIcon, ArrowLeftRightIcon, ArrowUpFromLineIcon, ChevronRightIcon, LandmarkIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@/config/routes';
import { DashboardView } from '@/features/dashboards/components/dashboard-view';
import { PageLayout } from '@/components/layouts/page-layout';

const OVERVIEWS: Array<{ to: string; title: string; description: string; icon: LucideIcon }> = [
  { to: ROUTES.onRamp, title: 'On-ramp', description: 'Crypto bought with fiat', icon: ArrowDownToLineIcon },
  { to: ROUTES.offRamp, title: 'Off-ramp', description: 'Crypto sold for fiat', icon: ArrowUpFromLineIcon },
  { to: ROUTES.swaps, title: 'Swaps', description: 'Token for token', icon: ArrowLeftRightIcon },
  { to: ROUTES.deposits, title: 'Deposits', description: 'Money into balances', icon: LandmarkIcon },
  { to: ROUTES.withdrawals, title: 'Withdrawals', description: 'Money out of balances', icon: WalletIcon },
  { to: ROUTES.balanceDeposits, title: 'Balance · Deposits', description: 'Fiat balance deposits', icon: LandmarkIcon },
  { to: ROUTES.balanceWithdrawals, title: 'Balance · Withdrawals', description: 'Fiat balance withdrawals', icon: WalletIcon },
];

/**
 * /dashboard — links to every overview, then the on-ramp figures. Range and currency carry over to the links.
 * `guide` (the getting-started card, composed by the route) comes first, where a new partner looks.
 */
export function DashboardScreen({ guide }: { guide?: ReactNode }) {
  const [params] = useSearchParams();
  const query = params.toString();
  useEffect(() => {
    document.title = 'Dashboard · Rampart';
  }, []);
  return (
    <PageLayout>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-sm text-muted-foreground">Volumes, conversion and activity across your products.</p>
      </div>
      {guide}
      <nav aria-label="Overviews">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(200px,1fr))]">
          {OVERVIEWS.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={query ? `${to}?${query}` : to}
                className="group flex h-full items-center gap-3 rounded-lg border bg-card px-3 py-2.5 text-sm transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{title}</span>
                  <span className="hidden text-xs text-muted-foreground sm:block">{description}</span>
                </span>
                <ChevronRightIcon className="ml-auto size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="text-lg font-semibold tracking-tight">On-ramp</h2>
      <DashboardView kind="onRamp" />
    </PageLayout>
  );
}
