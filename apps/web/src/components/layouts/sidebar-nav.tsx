import {
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  ArrowUpFromLineIcon,
  BadgeCheckIcon,
  BanIcon,
  BarChart3Icon,
  CodeIcon,
  CreditCardIcon,
  LayoutDashboardIcon,
  CalendarRangeIcon,
  Building2Icon,
  ReceiptIcon,
  ScrollTextIcon,
  ShoppingBagIcon,
  TicketIcon,
  UserCircleIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { AccountPermission, AdminPermission } from '@rampart/shared/permissions';
import { NavLink } from 'react-router';
import { ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  /** Shown only when the viewer holds this permission in the selected account (packages/shared/permissions). */
  permission?: AccountPermission;
  /** Shown only to staff whose admin role grants this. */
  adminPermission?: AdminPermission;
  /** Shown only when this feature flag is on. */
  flag?: string;
}

// Every area of spec §1 plus Dashboard, Transactions, Customers and Profile.
export const NAV_GROUPS: { label: string; items: NavItem[] }[] = [
  {
    label: 'Overview',
    items: [
      { label: 'Dashboard', to: ROUTES.dashboard, icon: LayoutDashboardIcon, end: true },
      { label: 'Transactions', to: ROUTES.transactions, icon: ReceiptIcon, permission: 'transactions:read' },
      { label: 'Customers', to: ROUTES.customers, icon: UsersIcon, permission: 'customers:read' },
    ],
  },
  {
    label: 'Products',
    items: [
      { label: 'On-ramp', to: ROUTES.onRamp, icon: ArrowDownToLineIcon, permission: 'dashboards:read' },
      { label: 'Off-ramp', to: ROUTES.offRamp, icon: ArrowUpFromLineIcon, permission: 'dashboards:read' },
      { label: 'Swaps', to: ROUTES.swaps, icon: ArrowLeftRightIcon, permission: 'dashboards:read' },
      { label: 'Commerce', to: ROUTES.commerce, icon: ShoppingBagIcon, permission: 'dashboards:read' },
      { label: 'Passes', to: ROUTES.passes, icon: TicketIcon, permission: 'dashboards:read', flag: 'passes' },
    ],
  },
  {
    label: 'Manage',
    items: [
      { label: 'Developers', to: ROUTES.developers, icon: CodeIcon, permission: 'apiKeys:read' },
      { label: 'Team', to: ROUTES.team, icon: UsersRoundIcon, permission: 'team:read' },
      { label: 'Subscription', to: ROUTES.subscription, icon: CreditCardIcon, permission: 'billing:read' },
      { label: 'Analytics', to: ROUTES.analytics, icon: BarChart3Icon, permission: 'analytics:read' },
      { label: 'Quarterly review', to: ROUTES.quarterlyReview, icon: CalendarRangeIcon, permission: 'analytics:read', flag: 'quarterly-review' },
      { label: 'Profile', to: ROUTES.profile, icon: UserCircleIcon },
    ],
  },
  {
    label: 'Admin',
    items: [
      { label: 'Organizations', to: ROUTES.adminOrganizations, icon: Building2Icon, adminPermission: 'organization:view' },
      { label: 'Audit trail', to: ROUTES.adminAudit, icon: ScrollTextIcon, adminPermission: 'auditTrail:view' },
      { label: 'Business verification', to: ROUTES.adminKyb, icon: BadgeCheckIcon, adminPermission: 'kyb:view' },
      { label: 'Blocked list', to: ROUTES.adminBlocked, icon: BanIcon, adminPermission: 'blockedCountry:view' },
    ],
  },
];

interface SidebarNavProps {
  onNavigate?: () => void;
  /** Decides which items the viewer sees (permissions, feature flags); everything when omitted. */
  isVisible?: (item: NavItem) => boolean;
}

export function SidebarNav({ onNavigate, isVisible = () => true }: SidebarNavProps) {
  const groups = NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter(isVisible) })).filter((group) => group.items.length > 0);
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {groups.map((group) => (
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
