import { BarChart3Icon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A chart area with nothing to show yet: what will appear there, and how to get there (dashboards, analytics, reviews). */
export function ChartEmptyState({
  title,
  description,
  action,
  note,
  icon: Icon = BarChart3Icon,
  label = 'No data yet',
  heading: Heading = 'h3',
}: {
  title: string;
  description: string;
  action?: ReactNode;
  /** A line above the description. */
  note?: string;
  icon?: LucideIcon;
  label?: string;
  /** The title's level where the area stands in for a whole page's content. */
  heading?: 'h2' | 'h3';
}) {
  return (
    <section aria-label={label} className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <Heading className="text-base font-semibold">{title}</Heading>
      {note ? <p className="text-sm font-medium">{note}</p> : null}
      <p className="max-w-lg text-sm text-muted-foreground">{description}</p>
      {action}
    </section>
  );
}
