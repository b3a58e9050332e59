import {
  ArrowDownToLineIcon,
  ArrowLeftRightIcon,
  ArrowUpFromLineIcon,
  BadgeCheckIcon,
  BanIcon,
  BarChart3Icon,
  BitcoinIcon,
  CodeIcon,
  CoinsIcon,
  CreditCardIcon,
  FlagIcon,
  LifeBuoyIcon,
  LayoutDashboardIcon,
  PercentIcon,
  PaletteIcon,
  PlugIcon,
  CalendarRangeIcon,
  Building2Icon,
  ReceiptIcon,
  ScrollTextIcon,
  ShoppingBagIcon,
  TicketIcon,
  UserCircleIcon,
  UserCogIcon,
  UsersIcon,
  ContactIcon,
  ShieldQuestionIcon,
  UsersRoundIcon,
  WalletIcon,
  WalletCardsIcon,
  type LucideIcon,
} from 'lucide-react';
import type { AdminPermission } from '@rampart/shared/permissions';
import { NavLink, useLocation } from 'react-router';
import { rampSectionPath, ROUTES } from '@/config/routes';
import { cn } from '@/lib/utils';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  end?: boolean;
  /** Shown only to staff whose admin role grants this. */
  adminPermission?: AdminPermission;
  /** Shown only when this feature flag is on. */
  flag?: string;
  /** Pages of the area, listed under it while the area is open. */
  children?: NavItem[];
}

const RAMP_CHILD_ICON = { cryptos: CoinsIcon, fees: PercentIcon, integrate: PlugIcon } as const;
const RAMP_CHILD_LABEL = { cryptos: 'Cryptos', fees: 'Fees', integrate: 'Integrate' } as const;

function rampChildren(product: 'OnRamp' | 'OffRamp' | 'Swaps', sections: readonly ('cryptos' | 'fees' | 'integrate')[]): NavItem[] {
  return sections.map((section) => ({
    label: RAMP_CHILD_LABEL[section],
    to: rampSectionPath(product, section),
    icon: RAMP_CHILD_ICON[section],
  }));
}

/** A ramp product's area: its dashboard, with its sections as pages. */
function rampArea(
  label: string,
  to: string,
  icon: LucideIcon,
  product: 'OnRamp' | 'OffRamp' | 'Swaps',
  sections: readonly ('cryptos' | 'fees' | 'integrate')[],
): NavItem {
  return { label, to, icon, children: rampChildren(product, sections) };
}

// Every area of spec §1 plus Dashboard, Transactions, Customers and Profile. Which role sees an area follows
// config/route-permissions.ts, the table the shell's route guard reads too.
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
      rampArea('On-ramp', ROUTES.onRamp, ArrowDownToLineIcon, 'OnRamp', ['cryptos', 'fees', 'integrate']),
      rampArea('Off-ramp', ROUTES.offRamp, ArrowUpFromLineIcon, 'OffRamp', ['cryptos', 'fees', 'integrate']),
      rampArea('Swaps', ROUTES.swaps, ArrowLeftRightIcon, 'Swaps', ['integrate']),
      { label: 'Commerce', to: ROUTES.commerce, icon: ShoppingBagIcon },
      { label: 'Passes', to: ROUTES.passes, icon: TicketIcon, flag: 'passes' },
    ],
  },
  {
    label: 'Manage',
    items: [
      { label: 'Developers', to: ROUTES.developers, icon: CodeIcon },
      { label: 'Theme', to: ROUTES.theme, icon: PaletteIcon },
      { label: 'Team', to: ROUTES.team, icon: UsersRoundIcon },
      { label: 'Subscription', to: ROUTES.subscription, icon: CreditCardIcon },
      { label: 'Analytics', to: ROUTES.analytics, icon: BarChart3Icon },
      { label: 'Quarterly review', to: ROUTES.quarterlyReview, icon: CalendarRangeIcon, flag: 'quarterly-review' },
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
      { label: 'Staff', to: ROUTES.adminStaff, icon: UserCogIcon, adminPermission: 'staff:view' },
      { label: 'Currencies', to: ROUTES.adminCurrencies, icon: BitcoinIcon, adminPermission: 'currency:view' },
      { label: 'Wallets', to: ROUTES.adminWallets, icon: WalletIcon, adminPermission: 'wallet:view' },
      { label: 'Feature flags', to: ROUTES.adminFeatureFlags, icon: FlagIcon, adminPermission: 'featureFlag:view' },
      { label: 'All customers', to: ROUTES.adminCustomers, icon: ContactIcon, adminPermission: 'customer:view' },
      { label: 'Due diligence', to: ROUTES.adminEdd, icon: ShieldQuestionIcon, adminPermission: 'edd:view' },
      { label: 'Pricing', to: ROUTES.adminPricing, icon: PercentIcon, adminPermission: 'pricingRule:view' },
      { label: 'Payment methods', to: ROUTES.adminPaymentMethods, icon: WalletCardsIcon, adminPermission: 'paymentMethod:view' },
      { label: 'Support inbox', to: ROUTES.adminSupport, icon: LifeBuoyIcon, adminPermission: 'supportRequest:view' },
    ],
  },
];

interface SidebarNavProps {
  onNavigate?: () => void;
  /** Decides which items the viewer sees (permissions, feature flags); everything when omitted. */
  isVisible?: (item: NavItem) => boolean;
}

const LINK_CLASS =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/60';

export function SidebarNav({ onNavigate, isVisible = () => true }: SidebarNavProps) {
  const { pathname } = useLocation();
  const groups = NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter(isVisible) })).filter((group) => group.items.length > 0);
  return (
    <nav aria-label="Main" className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <h2 className="px-3 pb-1 text-[0.7rem] font-semibold tracking-wider text-muted-foreground uppercase">{group.label}</h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map(({ label, to, icon: Icon, end, children }) => {
              // An area's pages show while the area is open, so the sidebar stays short.
              const open = pathname === to || pathname.startsWith(`${to}/`);
              const pages = open ? (children ?? []).filter(isVisible) : [];
              return (
                <li key={to}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={onNavigate}
                    className={({ isActive }) => cn(LINK_CLASS, isActive && 'bg-sidebar-accent text-sidebar-accent-foreground')}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    {label}
                  </NavLink>
                  {pages.length > 0 && (
                    <ul aria-label={`${label} pages`} className="mt-0.5 ml-5 flex flex-col gap-0.5 border-l border-sidebar-border pl-2">
                      {pages.map((page) => (
                        <li key={page.to}>
                          <NavLink
                            to={page.to}
                            onClick={onNavigate}
                            className={({ isActive }) =>
                              cn(LINK_CLASS, 'py-1.5 text-[0.8125rem]', isActive ? 'bg-sidebar-accent text-sidebar-accent-foreground' : 'text-muted-foreground')
                            }
                          >
                            <page.icon className="size-3.5 shrink-0" aria-hidden />
                            {page.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
