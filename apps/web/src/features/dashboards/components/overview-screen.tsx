import { useSearchParams } from 'react-router';
import { RampProductTabs } from '@/components/layouts/ramp-product-tabs';
import { RAMP_PRODUCT_ROUTES, ROUTES } from '@/config/routes';
import { DashboardView, type DashboardKind } from '@/features/dashboards/components/dashboard-view';
import { BackLink } from '@/components/layouts/record-page';
import { PageLayout } from '@/components/layouts/page-layout';
import { useDocumentTitle } from '@/hooks/use-document-title';

const COPY: Record<string, { title: string; description: string; kind: DashboardKind }> = {
  [ROUTES.onRamp]: { title: 'On-ramp', description: 'Crypto your customers bought with fiat.', kind: 'onRamp' },
  [ROUTES.offRamp]: { title: 'Off-ramp', description: 'Crypto your customers sold for fiat.', kind: 'offRamp' },
  [ROUTES.swaps]: { title: 'Swaps', description: 'Token-for-token swaps.', kind: 'swaps' },
  [ROUTES.balanceDeposits]: { title: 'Balance · Deposits', description: 'Money your customers put into their fiat balances.', kind: 'deposits' },
  [ROUTES.balanceWithdrawals]: { title: 'Balance · Withdrawals', description: 'Money your customers took out of their fiat balances.', kind: 'withdrawals' },
};

/** An overview page (spec §2): one product's KPI cards and charts. */
export function OverviewScreen({ path }: { path: string }) {
  const copy = COPY[path] ?? COPY[ROUTES.onRamp]!;
  const [params] = useSearchParams();
  // A ramp product's overview is the first of its pages, under the same tab bar (set-up, verification, go live).
  const rampProduct = RAMP_PRODUCT_ROUTES.find((entry) => entry.base === path)?.product ?? null;
  useDocumentTitle(`${copy.title} · Dashboard · Rampart`);
  return (
    <PageLayout>
      <BackLink to={params.size ? `${ROUTES.dashboard}?${params}` : ROUTES.dashboard}>Dashboard</BackLink>
      {rampProduct && <RampProductTabs product={rampProduct} />}
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{copy.title}</h1>
        <p className="text-sm text-muted-foreground">{copy.description}</p>
      </div>
      <DashboardView key={copy.kind} kind={copy.kind} />
    </PageLayout>
  );
}
