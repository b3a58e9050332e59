import type { ReactNode } from 'react';

/** Nothing listed yet: what will appear, and how (an action to add the first, when the viewer may). */
export function EmptyState({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center" data-testid="empty-state">
      <span className="flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-5">{icon}</span>
      <p className="font-medium">{title}</p>
      <div className="max-w-md text-sm text-muted-foreground">{children}</div>
      {action}
    </div>
  );
}
