// What a transaction's detail page is titled: its kind as the dashboard names it (an NFT purchase is a buy with an NFT).
const KIND_LABEL = {
  BuyTransaction: 'On-ramp transaction',
  SellTransaction: 'Off-ramp transaction',
  SwapTransaction: 'Swap',
  BalanceTransaction: 'Balance transaction',
} as const;

export function transactionTitle(tx: { __typename: keyof typeof KIND_LABEL; nftTransaction?: object | null }): string {
  return tx.__typename === 'BuyTransaction' && tx.nftTransaction ? 'NFT purchase' : KIND_LABEL[tx.__typename];
}
