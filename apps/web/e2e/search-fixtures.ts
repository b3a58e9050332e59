import { expect, graphqlAs } from './fixtures.ts';
import { createPartner, type Partner } from './developers-fixtures.ts';

// A fresh partner with three test purchases, each with its own e-mail, external ids and wallet: the rows the partial
// search tests (search.spec.ts) and their screenshots (screenshots-issue13-search.spec.ts) look for.

export const SEARCH_ROWS = [
  {
    email: 'ada.search@example.com',
    externalCustomerId: 'cust-ada-1',
    externalTransactionId: 'order-7001',
    walletAddress: '0x5ea0c0ffee00000000000000000000000000a001',
  },
  {
    email: 'bob.search@example.com',
    externalCustomerId: 'cust-bob-1',
    externalTransactionId: 'order-7002',
    walletAddress: '0x5ea0c0ffee00000000000000000000000000b002',
  },
  {
    email: 'carol.other@example.com',
    externalCustomerId: 'cust-carol-1',
    externalTransactionId: 'inv-8001',
    walletAddress: '0x9f9f000000000000000000000000000000000003',
  },
] as const;

/** The partner and its transaction ids by external transaction id. */
export async function createSearchPartner(prefix: string): Promise<{ partner: Partner; ids: Record<string, string> }> {
  const partner = await createPartner(prefix);
  const pairs = await graphqlAs<{ account: { currencyAccountPairs: Array<{ currency: { id: string; code: string } }> } }>(
    partner.session,
    'query($id: ID!) { account(id: $id) { id currencyAccountPairs { currency { id code } } } }',
    { id: partner.accountId },
  );
  const eth = pairs.data!.account.currencyAccountPairs.find((pair) => pair.currency.code === 'eth')!.currency.id;
  const saved = await graphqlAs(
    partner.session,
    'mutation($a: ID!, $p: [CurrencyAccountPairInput!]!) { updateCurrencyAccountPairs(accountId: $a, pairs: $p) { id } }',
    {
      a: partner.accountId,
      p: [{ currencyId: eth, isEnabled: true, isSellEnabled: true }],
    },
  );
  expect(saved.errors).toBeUndefined();
  const ids: Record<string, string> = {};
  for (const row of SEARCH_ROWS) {
    const created = await graphqlAs<{ createTestTransaction: { id: string } }>(
      partner.session,
      'mutation($a: ID!, $i: TestTransactionInput!) { createTestTransaction(accountId: $a, input: $i) { ... on BuyTransaction { id } } }',
      { a: partner.accountId, i: { kind: 'buy', cryptoCurrencyCode: 'eth', amount: '100', ...row } },
    );
    expect(created.errors).toBeUndefined();
    ids[row.externalTransactionId] = created.data!.createTestTransaction.id;
  }
  return { partner, ids };
}
