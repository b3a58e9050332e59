import type { ChecklistItemState, GoLive_ChecklistItemFragment, ReviewStatusValue } from '@/gql/graphql';
import { graphQLErrorsOf } from '@/lib/graphql-errors';

export const CHECKLIST_STATE_LABEL: Record<ChecklistItemState, string> = {
  done: 'Done',
  pending: 'Pending',
  actionRequired: 'Action required',
  notApplicable: 'Not applicable',
};

export const CHECKLIST_STATE_TONE: Record<ChecklistItemState, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  done: 'default',
  pending: 'secondary',
  actionRequired: 'warning',
  notApplicable: 'outline',
};

/** The productStatus readiness field of each product. */
export const READINESS_FIELD = { OnRamp: 'buy', OffRamp: 'sell', Swaps: 'swaps', NftCheckout: 'nftCommerce' } as const;

/** The items requestGoLive needs done that are not done yet. */
export function blockingItems(items: readonly GoLive_ChecklistItemFragment[]): GoLive_ChecklistItemFragment[] {
  return items.filter((item) => item.requiredToGoLive && item.state !== 'done');
}

/** A request can be sent when nothing blocks it and no request is waiting, under review or approved. */
export function canRequestGoLive(status: ReviewStatusValue, items: readonly GoLive_ChecklistItemFragment[]): boolean {
  return blockingItems(items).length === 0 && (status === 'NotStarted' || status === 'OnHold' || status === 'Rejected');
}

export interface UnmetItem {
  key: string;
  label: string;
  detail: string | null;
  route: string | null;
}

/** The server's list of unmet items from a refused requestGoLive (extensions.unmetItems). */
export function unmetItemsOf(error: unknown): UnmetItem[] {
  const raw = graphQLErrorsOf(error)[0]?.extensions?.['unmetItems'];
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { key, label, detail, route } = item as Record<string, unknown>;
    if (typeof key !== 'string' || typeof label !== 'string') return [];
    return [{ key, label, detail: typeof detail === 'string' ? detail : null, route: typeof route === 'string' ? route : null }];
  });
}

/** A route on this page (such as "<page>#testing") becomes an in-page anchor; others are app links. */
export function itemLink(route: string | null, pathname: string): { kind: 'anchor' | 'route'; href: string } | null {
  if (!route) return null;
  const [path, hash] = route.split('#');
  if (hash && path === pathname) return { kind: 'anchor', href: `#${hash}` };
  return { kind: 'route', href: route };
}
