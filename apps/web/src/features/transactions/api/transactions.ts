import { graphql } from '@/gql';

export const TransactionsBuyListQuery = graphql(`
  query Transactions_BuyList($accountId: ID!, $liveMode: Boolean!, $searchString: String, $skip: Int, $take: Int, $status: [BuyTransactionStatus!], $minAmount: Decimal, $maxAmount: Decimal, $minCreatedAt: DateTime, $maxCreatedAt: DateTime, $transactionType: String, $sort: TransactionSort) {
    transactions(accountId: $accountId, liveMode: $liveMode, searchString: $searchString, skip: $skip, take: $take, status: $status, minAmount: $minAmount, maxAmount: $maxAmount, minCreatedAt: $minCreatedAt, maxCreatedAt: $maxCreatedAt, transactionType: $transactionType, sort: $sort) {
      totalCount isTotalExact
      items { id createdAt status externalTransactionId externalCustomerId baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code } paymentMethod }
    }
  }
`);

export const TransactionsSellListQuery = graphql(`
  query Transactions_SellList($accountId: ID!, $liveMode: Boolean!, $searchString: String, $skip: Int, $take: Int, $status: [SellTransactionStatus!], $minAmount: Decimal, $maxAmount: Decimal, $minCreatedAt: DateTime, $maxCreatedAt: DateTime, $sort: TransactionSort) {
    sellTransactions(accountId: $accountId, liveMode: $liveMode, searchString: $searchString, skip: $skip, take: $take, status: $status, minAmount: $minAmount, maxAmount: $maxAmount, minCreatedAt: $minCreatedAt, maxCreatedAt: $maxCreatedAt, sort: $sort) {
      totalCount isTotalExact
      items { id createdAt status externalTransactionId externalCustomerId baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code } paymentMethod }
    }
  }
`);

export const TransactionsSwapListQuery = graphql(`
  query Transactions_SwapList($accountId: ID!, $liveMode: Boolean!, $searchString: String, $skip: Int, $take: Int, $status: [SwapTransactionStatus!], $minAmount: Decimal, $maxAmount: Decimal, $minCreatedAt: DateTime, $maxCreatedAt: DateTime, $sort: TransactionSort) {
    swapTransactions(accountId: $accountId, liveMode: $liveMode, searchString: $searchString, skip: $skip, take: $take, status: $status, minAmount: $minAmount, maxAmount: $maxAmount, minCreatedAt: $minCreatedAt, maxCreatedAt: $maxCreatedAt, sort: $sort) {
      totalCount isTotalExact
      items { id createdAt status externalTransactionId externalCustomerId baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code } }
    }
  }
`);

export const TransactionsBalanceListQuery = graphql(`
  query Transactions_BalanceList($accountId: ID!, $liveMode: Boolean!, $searchString: String, $skip: Int, $take: Int, $status: [BalanceTransactionStatus!], $minAmount: Decimal, $maxAmount: Decimal, $minCreatedAt: DateTime, $maxCreatedAt: DateTime, $transactionType: String, $sort: TransactionSort) {
    balanceTransactions(accountId: $accountId, liveMode: $liveMode, searchString: $searchString, skip: $skip, take: $take, status: $status, minAmount: $minAmount, maxAmount: $maxAmount, minCreatedAt: $minCreatedAt, maxCreatedAt: $maxCreatedAt, transactionType: $transactionType, sort: $sort) {
      totalCount isTotalExact
      items { id createdAt status type amount currency { code } externalTransactionId externalCustomerId }
    }
  }
`);

export const TransactionsDetailQuery = graphql(`
  query Transactions_Detail($id: ID!) {
    anyTransaction(id: $id) {
      __typename
      ... on BuyTransaction { id createdAt updatedAt liveMode buyStatus: status failureReasonMessage baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code networkCode } feeAmount extraFeeAmount networkFeeAmount usdRate eurRate gbpRate paymentMethod walletAddress walletAddressTag cryptoTransactionId explorerLinks { explorerName transactionUrl walletAddressUrl } userAgent externalCustomerId externalTransactionId nftTransaction { collectionName tokenId } customer { id email } statusHistory { status at reason } }
      ... on SellTransaction { id createdAt updatedAt liveMode sellStatus: status failureReasonMessage baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code } feeAmount extraFeeAmount networkFeeAmount usdRate eurRate gbpRate paymentMethod walletAddress walletAddressTag explorerLinks { explorerName transactionUrl walletAddressUrl } userAgent externalCustomerId externalTransactionId refundApprovalStatus refundHash cancelledAt customer { id email } statusHistory { status at reason } }
      ... on SwapTransaction { id createdAt updatedAt liveMode swapStatus: status failureReasonMessage baseCurrencyAmount baseCurrency { code } quoteCurrencyAmount quoteCurrency { code } feeAmount extraFeeAmount networkFeeAmount usdRate eurRate gbpRate depositWalletAddress destinationWalletAddress explorerLinks { explorerName transactionUrl walletAddressUrl } userAgent externalCustomerId externalTransactionId refundApprovalStatus customer { id email } statusHistory { status at reason } }
      ... on BalanceTransaction { id createdAt updatedAt liveMode balanceStatus: status type failureReasonMessage amount currency { code } usdRate eurRate gbpRate externalCustomerId externalTransactionId customer { id email } statusHistory { status at reason } }
    }
  }
`);
