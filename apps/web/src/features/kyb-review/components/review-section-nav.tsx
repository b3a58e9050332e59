import { NavLink } from 'react-router';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

const SECTIONS = [
  { to: ROUTES.adminKyb, label: 'Applications' },
  { to: ROUTES.adminKybGoLive, label: 'Go-live requests' },
];

/** The two queues of business verification as tabs; each is its own URL. */
export function ReviewSectionNav() {
  return (
    <nav aria-label="Review queues" className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground">
      {SECTIONS.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          end
          className={({ isActive }) =>
            cn(
              'inline-flex h-full items-center rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring/50',
              isActive && 'bg-card text-foreground shadow-sm',
            )
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
