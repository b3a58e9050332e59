import { expect, it } from 'vitest';
import { transactionTitle } from '@/features/transactions/lib/title';

it('titles an NFT purchase as one, not as an on-ramp transaction (issue 36)', () => {
  expect(transactionTitle({ __typename: 'BuyTransaction', nftTransaction: { collectionName: 'Ramp Punks', tokenId: '7' } })).toBe('NFT purchase');
  expect(transactionTitle({ __typename: 'BuyTransaction', nftTransaction: null })).toBe('On-ramp transaction');
  expect(transactionTitle({ __typename: 'SwapTransaction' })).toBe('Swap');
});
