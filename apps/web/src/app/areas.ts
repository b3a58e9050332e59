import { ROUTES } from '@/config/routes';

// Every signed-in route of spec §2 whose screen a later release fills (built ones, such as the ramp set-up pages
// cryptos, fees and integrate, and the subscription pages, are routed in router.tsx instead). Each shows a placeholder
// with its title; sections become "<Area> · <Section>".

export interface AreaRoute {
  path: string;
  title: string;
  description?: string;
}

function sections(base: string, area: string, names: Record<string, string>): AreaRoute[] {
  return Object.entries(names).map(([segment, label]) => ({ path: `${base}/${segment}`, title: `${area} · ${label}` }));
}

export const AREA_ROUTES: AreaRoute[] = [
  { path: ROUTES.dashboard, title: 'Dashboard', description: 'Volumes, conversion and activity across your products.' },
  { path: ROUTES.onRamp, title: 'On-ramp', description: 'Let your users buy crypto with cards, bank transfers and wallets.' },
  { path: ROUTES.offRamp, title: 'Off-ramp', description: 'Let your users sell crypto and receive fiat.' },
  { path: ROUTES.swaps, title: 'Swaps', description: 'Cross-chain and same-chain token swaps.' },
  { path: ROUTES.deposits, title: 'Deposits' },
  { path: ROUTES.balanceDeposits, title: 'Balance · Deposits' },
  { path: ROUTES.withdrawals, title: 'Withdrawals' },
  { path: ROUTES.balanceWithdrawals, title: 'Balance · Withdrawals' },
  { path: ROUTES.transactions, title: 'Transactions', description: 'Every buy, sell, swap, NFT and balance transaction.' },
  ...sections(ROUTES.transactions, 'Transactions', {
    'on-ramp': 'On-ramp',
    'off-ramp': 'Off-ramp',
    swaps: 'Swaps',
    nft: 'NFT',
    balance: 'Balance',
  }),
  { path: `${ROUTES.transactions}/:id`, title: 'Transaction' },
  { path: ROUTES.customers, title: 'Customers', description: 'The people who transact through your integration.' },
  { path: `${ROUTES.customers}/:id`, title: 'Customer' },
  { path: ROUTES.analytics, title: 'Analytics', description: 'In-depth reports on your volumes and customers.' },
];
