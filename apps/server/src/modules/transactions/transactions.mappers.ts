// GraphQL type → the TypeScript type its resolvers receive, from this folder. Pure data: codegen.ts loads this file
// without the module's code, and the module's declaration carries the same object.
export const mappers: Readonly<Record<string, string>> = {
  BuyTransaction: './transactions.repository.ts#TransactionRow',
  SellTransaction: './transactions.repository.ts#TransactionRow',
  SwapTransaction: './transactions.repository.ts#TransactionRow',
  BalanceTransaction: './transactions.repository.ts#TransactionRow',
  BuyTransactionPage: './transactions.service.ts#TransactionPage',
  SellTransactionPage: './transactions.service.ts#TransactionPage',
  SwapTransactionPage: './transactions.service.ts#TransactionPage',
  BalanceTransactionPage: './transactions.service.ts#TransactionPage',
  Customer: './transactions.repository.ts#CustomerRow',
  CustomerCard: './transactions.repository.ts#CustomerCardRow',
  CustomerFile: './transactions.repository.ts#CustomerFileRow',
};
