import { useSearchParams } from 'react-router';
import type { TransactionKind } from '@rampart/shared/transactions';

export const TABS = ['on-ramp', 'off-ramp', 'swaps', 'nft', 'balance'] as const;
export type Tab = (typeof TABS)[number];
export const PAGE_SIZES = [20, 50, 100] as const;
export const TAB_LABEL: Record<Tab, string> = { 'on-ramp': 'On-ramp', 'off-ramp': 'Off-ramp', swaps: 'Swaps', nft: 'NFT', balance: 'Balance' };
/** The kind of transaction a tab lists (NFT purchases are buys). */
export const KIND: Record<Tab, TransactionKind> = { 'on-ramp': 'buy', 'off-ramp': 'sell', swaps: 'swap', nft: 'buy', balance: 'balance' };

export interface TransactionFilters {
  q: string;
  status: string;
  min: string;
  max: string;
  from: string;
  to: string;
  sort: 'createdAt_DESC' | 'createdAt_ASC' | 'amount_DESC' | 'amount_ASC';
  page: number;
  take: number;
}

/** List state lives in the URL so a view can be shared and survives a reload. */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const filters: TransactionFilters = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    sort: (params.get('sort') as TransactionFilters['sort']) || 'createdAt_DESC',
    page: Math.max(0, Number(params.get('page') ?? 0) || 0),
    take: PAGE_SIZES.includes(Number(params.get('take')) as 20) ? Number(params.get('take')) : 20,
  };
  const setFilters = (next: Partial<TransactionFilters>) => {
    const merged = { ...filters, page: 0, ...next };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(merged)) {
      if (value === '' || (key === 'page' && value === 0) || (key === 'take' && value === 20) || (key === 'sort' && value === 'createdAt_DESC')) continue;
      out.set(key, String(value));
    }
    setParams(out);
  };
  return { filters, setFilters };
}

/** Whether the view narrows the list (search, status, amounts or dates): an empty list then says the filters hide it. */
export function isFiltered(filters: TransactionFilters): boolean {
  return [filters.q, filters.status, filters.min, filters.max, filters.from, filters.to].some((value) => value !== '');
}

/** GraphQL variables of a filtered view (dates are whole local days). */
export function listVariables(filters: TransactionFilters) {
  return {
    searchString: filters.q || null,
    status: filters.status ? filters.status.split(',') : null,
    minAmount: filters.min || null,
    maxAmount: filters.max || null,
    minCreatedAt: filters.from ? new Date(`${filters.from}T00:00:00`).toISOString() : null,
    maxCreatedAt: filters.to ? new Date(`${filters.to}T23:59:59.999`).toISOString() : null,
    sort: filters.sort,
    skip: filters.page * filters.take,
    take: filters.take,
  };
}
