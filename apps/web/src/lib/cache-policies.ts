import type { FieldPolicy, Reference } from '@apollo/client';

// Cache policies of paginated fields (STYLE rule 9). A customer's `transactions(skip, take)` and `cards(skip, take)`
// (spec §3) are kept as one list per customer: pages are written at their offset, entries are references to the
// normalized objects, and an entry that shows up on a new page is removed from its old place, so the same
// transaction or card never appears twice. Reading a page returns its slice, or nothing (a network fetch) when
// the slice has a gap.

interface StoredPage {
  __typename?: string;
  items: Array<Reference | null>;
  totalCount: number;
  isTotalExact: boolean;
  skip?: number;
  take?: number;
}

interface IncomingPage {
  __typename?: string;
  items: Reference[];
  totalCount: number;
  isTotalExact: boolean;
  skip?: number;
  take?: number;
}

export function offsetPagePolicy(defaultTake = 20): FieldPolicy<StoredPage, IncomingPage, StoredPage> {
  return {
    keyArgs: false,
    merge(existing, incoming, { args }) {
      const skip = (args?.['skip'] as number | undefined) ?? incoming.skip ?? 0;
      const refOf = (item: Reference | null) => item?.__ref ?? null;
      const incomingRefs = new Set(incoming.items.map(refOf));
      // A total that changed means rows moved: keep only what this answer says.
      const stale = existing && existing.totalCount !== incoming.totalCount;
      const items: Array<Reference | null> = stale || !existing ? [] : existing.items.map((item) => (incomingRefs.has(refOf(item)) ? null : item));
      while (items.length < skip) items.push(null);
      incoming.items.forEach((item, index) => {
        items[skip + index] = item;
      });
      // A short page is the end of the list.
      if (incoming.items.length < ((args?.['take'] as number | undefined) ?? defaultTake)) items.length = skip + incoming.items.length;
      return { ...incoming, items, skip: 0, take: items.length };
    },
    read(existing, { args }) {
      if (!existing) return undefined;
      const skip = (args?.['skip'] as number | undefined) ?? 0;
      const take = (args?.['take'] as number | undefined) ?? defaultTake;
      const end = Math.min(skip + take, existing.isTotalExact ? existing.totalCount : skip + take);
      const slice = existing.items.slice(skip, end);
      if (slice.length < end - skip || slice.some((item) => item === null)) return undefined;
      return { ...existing, items: slice, skip, take };
    },
  };
}

/** Union members and interface implementations, so fragments on them match from the cache (checked against the SDL). */
export const POSSIBLE_TYPES = {
  AnyTransaction: ['BuyTransaction', 'SellTransaction', 'SwapTransaction', 'BalanceTransaction'],
  TestTransaction: ['BuyTransaction', 'SellTransaction', 'SwapTransaction'],
  PassTemplateContent: ['PassTemplate', 'PassTemplateDraft'],
};

export const CUSTOMER_TYPE_POLICY = {
  fields: {
    transactions: offsetPagePolicy(),
    cards: offsetPagePolicy(),
  },
};
