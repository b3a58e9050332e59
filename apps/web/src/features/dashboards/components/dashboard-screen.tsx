import { ArrowDownToLineIcon, ArrowLeftRightIcon, ArrowUpFromLineIcon, ChevronRightIcon, LandmarkIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import { AccountDataHeading } from '@/components/layouts/account-data-heading';
import { type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@/config/routes';
import { DashboardView } from '@/features/dashboards/components/dashboard-view';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

type Overview = { to: string; title: string; description: string; icon: LucideIcon };
// Two groups whose tiles form whole rows at every width: 3 products, 2 balance views.
const PRODUCTS: Overview[] = [
  { to: ROUTES.onRamp, title: 'On-ramp', description: 'Crypto bought with fiat', icon: ArrowDownToLineIcon },
  { to: ROUTES.offRamp, title: 'Off-ramp', description: 'Crypto sold for fiat', icon: ArrowUpFromLineIcon },
  { to: ROUTES.swaps, title: 'Swaps', description: 'Token for token', icon: ArrowLeftRightIcon },
];
const BALANCES: Overview[] = [
  { to: ROUTES.balanceDeposits, title: 'Deposits', description: 'Money into fiat balances', icon: LandmarkIcon },
  { to: ROUTES.balanceWithdrawals, title: 'Withdrawals', description: 'Money out of fiat balances', icon: WalletIcon },
];

function OverviewTiles({ label, overviews, query, className }: { label: string; overviews: Overview[]; query: string; className: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h2 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{label}</h2>
      <ul className={`grid gap-2 ${className}`}>
        {overviews.map(({ to, title, description, icon: Icon }) => (
          <li key={to} className="min-w-0">
            <Link
              to={query ? `${to}?${query}` : to}
              className="group flex h-full min-h-12 items-center gap-3 rounded-lg border bg-card px-3 py-2 sm:py-2.5 text-sm transition-colors hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Icon className="hidden size-4 shrink-0 text-muted-foreground sm:block" aria-hidden />
              <span className="flex min-w-0 flex-col">
                <span className="font-medium sm:truncate">{title}</span>
                <span className="hidden truncate text-xs text-muted-foreground sm:block">{description}</span>
              </span>
              <ChevronRightIcon
                className="ml-auto hidden size-4 shrink-0 sm:block text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /dashboard — links to every overview, then the on-ramp figures. Range and currency carry over to the links.
 * `guide` (the getting-started card, composed by the route) comes first, where a new partner looks.
 */
export function DashboardScreen({ guide }: { guide?: ReactNode }) {
  const [params] = useSearchParams();
  const query = params.toString();
  useDocumentTitle('Dashboard · Rampart');
  return (
    <PageLayout>
      <AccountDataHeading title="Dashboard" description="Volumes, conversion and activity across your products." />
      {guide}
      <nav aria-label="Overviews" className="flex flex-col gap-4">
        <OverviewTiles label="Products" overviews={PRODUCTS} query={query} className="grid-cols-3" />
        <OverviewTiles label="Balances" overviews={BALANCES} query={query} className="grid-cols-2" />
      </nav>
      <h2 className="text-lg font-semibold tracking-tight">On-ramp</h2>
      <DashboardView kind="onRamp" />
    </PageLayout>
  );
}
