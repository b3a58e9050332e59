import { ChangeFigure } from '@/components/charts/change-figure';
import { FigureCard } from '@/components/charts/figure-card';
import { cn } from '@/lib/utils';

// The analytics tabs' own pieces; the chart basics every chart screen shares are in components/charts/chart-parts.

/** A change against the compared period; `inverse` when a rise is bad (failures). */
export function Change({ value, compared, inverse = false }: { value: number | null | undefined; compared: boolean; inverse?: boolean }) {
  if (!compared) return <span className="text-xs text-muted-foreground">no comparison</span>;
  return <ChangeFigure value={value} inverse={inverse} versus="vs compared" />;
}

export interface Kpi {
  label: string;
  value: string;
  change: number | null | undefined;
  note?: string;
  inverse?: boolean;
}

export function KpiCards({ kpis, compared, label = 'Key figures' }: { kpis: Kpi[]; compared: boolean; label?: string }) {
  return (
    <ul
      aria-label={label}
      className={cn('grid grid-cols-2 gap-3', kpis.length >= 5 ? 'md:grid-cols-3 xl:grid-cols-5' : kpis.length === 4 ? 'xl:grid-cols-4' : 'md:grid-cols-3')}
    >
      {kpis.map((kpi) => (
        <FigureCard key={kpi.label} label={kpi.label}>
          <div data-testid="kpi-value" className="truncate text-base font-semibold tabular-nums min-[400px]:text-lg md:text-xl xl:text-lg" title={kpi.value}>
            {kpi.value}
          </div>
          <Change value={kpi.change} compared={compared} inverse={kpi.inverse} />
          {kpi.note ? <span className="text-[0.7rem] text-muted-foreground">{kpi.note}</span> : null}
        </FigureCard>
      ))}
    </ul>
  );
}

export { ChartEmptyState as EmptyState } from '@/components/chart-empty-state';
