import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gql } from '@apollo/client';
import { buildSchema, isInterfaceType, isUnionType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createCache } from '@/lib/apollo-client';
import { POSSIBLE_TYPES } from '@/lib/cache-policies';

// A customer's paginated transactions and cards are merged by reference without duplicates (spec §3, STYLE rule 9).

const TRANSACTIONS = gql`
  query CacheTest_CustomerTransactions($id: ID!, $skip: Int, $take: Int) {
    customer(accountId: "acc", id: $id, isLive: false) {
      id
      transactions(skip: $skip, take: $take) {
        totalCount
        isTotalExact
        items {
          __typename
          ... on BuyTransaction {
            id
            buyStatus: status
          }
          ... on SellTransaction {
            id
            sellStatus: status
          }
        }
      }
    }
  }
`;

const CARDS = gql`
  query CacheTest_CustomerCards($id: ID!, $skip: Int, $take: Int) {
    customer(accountId: "acc", id: $id, isLive: false) {
      id
      cards(skip: $skip, take: $take) {
        totalCount
        isTotalExact
        items {
          id
          lastDigits
        }
      }
    }
  }
`;

const tx = (n: number) =>
  n % 2 ? { __typename: 'SellTransaction', id: `tx-${n}`, sellStatus: 'pending' } : { __typename: 'BuyTransaction', id: `tx-${n}`, buyStatus: 'completed' };
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

function writeTransactions(cache: ReturnType<typeof createCache>, skip: number, take: number, ids: number[], totalCount = 6) {
  cache.writeQuery({
    query: TRANSACTIONS,
    variables: { id: 'c1', skip, take },
    data: {
      customer: { __typename: 'Customer', id: 'c1', transactions: { __typename: 'AnyTransactionPage', totalCount, isTotalExact: true, items: ids.map(tx) } },
    },
  });
}

function readTransactions(cache: ReturnType<typeof createCache>, skip: number, take: number) {
  return cache.readQuery<{ customer: { transactions: { items: Array<{ id: string }> } } }>({ query: TRANSACTIONS, variables: { id: 'c1', skip, take } });
}

function storedItems(cache: ReturnType<typeof createCache>, field: 'transactions' | 'cards') {
  const customer = cache.extract()['Customer:c1'] as Record<string, { items: Array<{ __ref: string } | null> }>;
  const key = Object.keys(customer).find((name) => name.startsWith(field));
  return customer[key!]!.items.map((item) => item?.__ref ?? null);
}

describe('Customer.transactions and Customer.cards cache policy', () => {
  it('merges overlapping pages of transactions by reference, without duplicates', () => {
    const cache = createCache();
    writeTransactions(cache, 0, 4, range(0, 4));
    // A page that overlaps the first (tx-2, tx-3 again) and goes on.
    writeTransactions(cache, 2, 4, range(2, 6));
    const refs = storedItems(cache, 'transactions');
    expect(refs).toEqual(range(0, 6).map((n) => `${n % 2 ? 'SellTransaction' : 'BuyTransaction'}:tx-${n}`));
    expect(new Set(refs).size).toBe(refs.length);
    // Entries are references to the normalized objects.
    expect(cache.extract()['SellTransaction:tx-3']).toMatchObject({ id: 'tx-3', status: 'pending' });
  });

  it('moves an entry seen again on another page instead of keeping two copies', () => {
    const cache = createCache();
    writeTransactions(cache, 0, 3, [0, 1, 2]);
    // tx-2 slid to the second page: it leaves its old place.
    writeTransactions(cache, 3, 3, [2, 4, 5]);
    const refs = storedItems(cache, 'transactions');
    expect(refs.filter((ref) => ref === 'BuyTransaction:tx-2')).toHaveLength(1);
    expect(refs.indexOf('BuyTransaction:tx-2')).toBe(3);
    // The first page now has a gap, so reading it asks the server again.
    expect(cache.readQuery({ query: TRANSACTIONS, variables: { id: 'c1', skip: 0, take: 3 } })).toBeNull();
  });

  it('reads each page back as its own slice', () => {
    const cache = createCache();
    writeTransactions(cache, 0, 3, [0, 1, 2]);
    writeTransactions(cache, 3, 3, [3, 4, 5]);
    const second = readTransactions(cache, 3, 3);
    expect(second?.customer.transactions.items.map((item) => item.id)).toEqual(['tx-3', 'tx-4', 'tx-5']);
    const first = readTransactions(cache, 0, 3);
    expect(first?.customer.transactions.items.map((item) => item.id)).toEqual(['tx-0', 'tx-1', 'tx-2']);
  });

  it('merges overlapping pages of cards without duplicates', () => {
    const cache = createCache();
    const write = (skip: number, ids: number[]) =>
      cache.writeQuery({
        query: CARDS,
        variables: { id: 'c1', skip, take: 2 },
        data: {
          customer: {
            __typename: 'Customer',
            id: 'c1',
            cards: {
              __typename: 'CustomerCardPage',
              totalCount: 3,
              isTotalExact: true,
              items: ids.map((n) => ({ __typename: 'CustomerCard', id: `card-${n}`, lastDigits: `000${n}` })),
            },
          },
        },
      });
    write(0, [0, 1]);
    write(1, [1, 2]);
    write(0, [0, 1]);
    expect(storedItems(cache, 'cards')).toEqual(['CustomerCard:card-0', 'CustomerCard:card-1', 'CustomerCard:card-2']);
  });
});

describe('POSSIBLE_TYPES', () => {
  it('lists every union and interface of the schema with its members, as the cache needs to match fragments on them', () => {
    const server = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../server/src');
    const modules = path.join(server, 'modules');
    const sdl = [
      readFileSync(path.join(server, 'graphql/base.graphql'), 'utf8'),
      ...readdirSync(modules, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => {
          try {
            return [readFileSync(path.join(modules, entry.name, 'schema.graphql'), 'utf8')];
          } catch {
            return [];
          }
        }),
    ].join('\n');
    const schema = buildSchema(sdl, { assumeValidSDL: true });
    const expected: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (isUnionType(type) || isInterfaceType(type)) expected[type.name] = schema.getPossibleTypes(type).map((member) => member.name);
    }
    const sorted = (map: Record<string, string[]>) => Object.fromEntries(Object.entries(map).map(([name, members]) => [name, [...members].sort()]));
    expect(sorted(POSSIBLE_TYPES)).toEqual(sorted(expected));
  });
});
