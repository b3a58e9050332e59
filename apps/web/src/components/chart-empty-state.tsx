import { BarChart3Icon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A chart area with nothing to show yet: what will appear there, and how to get there (dashboards and analytics). */
export function ChartEmptyState({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <section aria-label="No data yet" className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <BarChart3Icon className="size-5" aria-hidden />
      </span>
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="max-w-lg text-sm text-muted-foreground">{description}</p>
      {action}
    </section>
  );
}
