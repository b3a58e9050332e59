import { NavLink } from 'react-router';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { cn } from '@/lib/utils';

export interface NavTab {
  to: string;
  label: string;
  /** Active only on this exact path (an area's overview), not on its sub-pages. */
  end?: boolean;
}

/**
 * Sections of an area as links styled like tabs (each section has its URL). On a phone the bar scrolls sideways
 * with a shadow on the side that has more, instead of clipping or wrapping.
 */
export function NavTabs({ label, tabs, className }: { label: string; tabs: readonly NavTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cn('w-fit max-w-full', className)}>
      <HorizontalScroll slot="nav-tabs-scroll" viewportClassName="rounded-lg [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 text-sm">
          {tabs.map((tab) => (
            <li key={tab.to} className="shrink-0">
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-1.5 font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none focus-visible:ring-inset',
                    isActive && 'bg-card text-foreground shadow-sm',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </HorizontalScroll>
    </nav>
  );
}
