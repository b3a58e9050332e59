import {
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  ArrowUpFromLineIcon,
  BarChart3Icon,
  CodeIcon,
  CreditCardIcon,
  LayoutDashboardIcon,
  ReceiptIcon,
  ShoppingBagIcon,
  TicketIcon,
  UserCircleIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
}

// Every area of spec §1 plus Dashboard, Transactions, Customers and Profile.
export const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', to: ROUTES.dashboard, icon: LayoutDashboardIcon, end: true },
      { label: 'Transactions', to: ROUTES.transactions, icon: ReceiptIcon },
      { label: 'Customers', to: ROUTES.customers, icon: UsersIcon },
    ],
  },
  {
    label: 'Products',
    items: [
      { label: 'On-ramp', to: ROUTES.onRamp, icon: ArrowDownToLineIcon },
      { label: 'Off-ramp', to: ROUTES.offRamp, icon: ArrowUpFromLineIcon },
      { label: 'Swaps', to: ROUTES.swaps, icon: ArrowLeftRightIcon },
      { label: 'Commerce', to: ROUTES.commerce, icon: ShoppingBagIcon },
      { label: 'Passes', to: ROUTES.passes, icon: TicketIcon },
    ],
  },
  {
    label: 'Manage',
    items: [
      { label: 'Developers', to: ROUTES.developers, icon: CodeIcon },
      { label: 'Team', to: ROUTES.team, icon: UsersRoundIcon },
      { label: 'Subscription', to: ROUTES.subscription, icon: CreditCardIcon },
      { label: 'Analytics', to: ROUTES.analytics, icon: BarChart3Icon },
      { label: 'Profile', to: ROUTES.profile, icon: UserCircleIcon },
    ],
  },
];

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {NAV_GROUPS.map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <h2 className="px-3 pb-1 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase">{group.label}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map(({ label, to, icon: Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/60',
                      isActive && 'bg-sidebar-accent text-sidebar-accent-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
