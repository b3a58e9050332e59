import { graphql } from '@/gql';

export const TransactionsBuyListQuery = graphql(`
  query Transactions_BuyList(
    $accountId: ID!
    $liveMode: Boolean!
    $searchString: String
    $skip: Int
    $take: Int
    $status: [BuyTransactionStatus!]
    $minAmount: Decimal
    $maxAmount: Decimal
    $minCreatedAt: DateTime
    $maxCreatedAt: DateTime
    $transactionType: String
    $sort: TransactionSort
  ) {
    transactions(
      accountId: $accountId
      liveMode: $liveMode
      searchString: $searchString
      skip: $skip
      take: $take
      status: $status
      minAmount: $minAmount
      maxAmount: $maxAmount
      minCreatedAt: $minCreatedAt
      maxCreatedAt: $maxCreatedAt
      transactionType: $transactionType
      sort: $sort
    ) {
      totalCount
      isTotalExact
      items {
        id
        createdAt
        status
        externalTransactionId
        externalCustomerId
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
        paymentMethod
      }
    }
  }
`);

export const TransactionsSellListQuery = graphql(`
  query Transactions_SellList(
    $accountId: ID!
    $liveMode: Boolean!
    $searchString: String
    $skip: Int
    $take: Int
    $status: [SellTransactionStatus!]
    $minAmount: Decimal
    $maxAmount: Decimal
    $minCreatedAt: DateTime
    $maxCreatedAt: DateTime
    $sort: TransactionSort
  ) {
    sellTransactions(
      accountId: $accountId
      liveMode: $liveMode
      searchString: $searchString
      skip: $skip
      take: $take
      status: $status
      minAmount: $minAmount
      maxAmount: $maxAmount
      minCreatedAt: $minCreatedAt
      maxCreatedAt: $maxCreatedAt
      sort: $sort
    ) {
      totalCount
      isTotalExact
      items {
        id
        createdAt
        status
        externalTransactionId
        externalCustomerId
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
        paymentMethod
      }
    }
  }
`);

export const TransactionsSwapListQuery = graphql(`
  query Transactions_SwapList(
    $accountId: ID!
    $liveMode: Boolean!
    $searchString: String
    $skip: Int
    $take: Int
    $status: [SwapTransactionStatus!]
    $minAmount: Decimal
    $maxAmount: Decimal
    $minCreatedAt: DateTime
    $maxCreatedAt: DateTime
    $sort: TransactionSort
  ) {
    swapTransactions(
      accountId: $accountId
      liveMode: $liveMode
      searchString: $searchString
      skip: $skip
      take: $take
      status: $status
      minAmount: $minAmount
      maxAmount: $maxAmount
      minCreatedAt: $minCreatedAt
      maxCreatedAt: $maxCreatedAt
      sort: $sort
    ) {
      totalCount
      isTotalExact
      items {
        id
        createdAt
        status
        externalTransactionId
        externalCustomerId
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
      }
    }
  }
`);

export const TransactionsBalanceListQuery = graphql(`
  query Transactions_BalanceList(
    $accountId: ID!
    $liveMode: Boolean!
    $searchString: String
    $skip: Int
    $take: Int
    $status: [BalanceTransactionStatus!]
    $minAmount: Decimal
    $maxAmount: Decimal
    $minCreatedAt: DateTime
    $maxCreatedAt: DateTime
    $transactionType: String
    $sort: TransactionSort
  ) {
    balanceTransactions(
      accountId: $accountId
      liveMode: $liveMode
      searchString: $searchString
      skip: $skip
      take: $take
      status: $status
      minAmount: $minAmount
      maxAmount: $maxAmount
      minCreatedAt: $minCreatedAt
      maxCreatedAt: $maxCreatedAt
      transactionType: $transactionType
      sort: $sort
    ) {
      totalCount
      isTotalExact
      items {
        id
        createdAt
        status
        type
        amount
        currency {
          code
        }
        externalTransactionId
        externalCustomerId
      }
    }
  }
`);

/** One step of a transaction's timeline, as the detail shows it for every kind of transaction. */
export const TransactionsStatusChangeFragment = graphql(`
  fragment Transactions_StatusChange on StatusChange {
    status
    at
    byName
    reason
  }
`);

export const TransactionsDetailQuery = graphql(`
  query Transactions_Detail($id: ID!) {
    anyTransaction(id: $id) {
      __typename
      ... on BuyTransaction {
        id
        createdAt
        updatedAt
        liveMode
        buyStatus: status
        failureReasonMessage
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
        feeAmount
        extraFeeAmount
        networkFeeAmount
        usdRate
        eurRate
        gbpRate
        paymentMethod
        walletAddress
        walletAddressTag
        explorerLinks {
          explorerName
          transactionUrl
        }
        userAgent
        externalCustomerId
        externalTransactionId
        customer {
          id
          email
        }
        nftTransaction {
          collectionName
          tokenId
        }
        statusHistory {
          ...Transactions_StatusChange
        }
      }
      ... on SellTransaction {
        id
        createdAt
        updatedAt
        liveMode
        sellStatus: status
        failureReasonMessage
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
        feeAmount
        extraFeeAmount
        networkFeeAmount
        usdRate
        eurRate
        gbpRate
        paymentMethod
        walletAddress
        walletAddressTag
        explorerLinks {
          explorerName
          transactionUrl
        }
        userAgent
        externalCustomerId
        externalTransactionId
        refundWalletAddress
        depositHash
        refundApprovalStatus
        refundHash
        cancelledAt
        cancelledByName
        refundApprovedAt
        refundApprovedByName
        customer {
          id
          email
        }
        statusHistory {
          ...Transactions_StatusChange
        }
      }
      ... on SwapTransaction {
        id
        createdAt
        updatedAt
        liveMode
        swapStatus: status
        failureReasonMessage
        baseCurrencyAmount
        baseCurrency {
          code
        }
        quoteCurrencyAmount
        quoteCurrency {
          code
        }
        feeAmount
        extraFeeAmount
        networkFeeAmount
        usdRate
        eurRate
        gbpRate
        depositWalletAddress
        destinationWalletAddress
        explorerLinks {
          explorerName
          transactionUrl
        }
        userAgent
        externalCustomerId
        externalTransactionId
        refundWalletAddress
        refundTransactionHash
        refundApprovalStatus
        cancelledAt
        cancelledByName
        refundApprovedAt
        refundApprovedByName
        customer {
          id
          email
        }
        statusHistory {
          ...Transactions_StatusChange
        }
      }
      ... on BalanceTransaction {
        id
        createdAt
        updatedAt
        liveMode
        balanceStatus: status
        type
        failureReasonMessage
        amount
        currency {
          code
        }
        usdRate
        eurRate
        gbpRate
        externalCustomerId
        externalTransactionId
        customer {
          id
          email
        }
        statusHistory {
          ...Transactions_StatusChange
        }
      }
    }
  }
`);

// Staff actions (sell and swap). The detail is refetched afterwards, so the answer only needs the status.
export const TransactionsApproveSellMutation = graphql(`
  mutation Transactions_ApproveSell($id: ID!, $reason: String) {
    approveSellTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsCancelSellMutation = graphql(`
  mutation Transactions_CancelSell($id: ID!, $reason: String) {
    cancelSellTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsFreezeSellMutation = graphql(`
  mutation Transactions_FreezeSell($id: ID!, $reason: String) {
    freezeSellTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsRefundSellMutation = graphql(`
  mutation Transactions_RefundSell($id: ID!, $reason: String, $refundWalletAddress: String) {
    refundSellTransaction(id: $id, reason: $reason, refundWalletAddress: $refundWalletAddress) {
      id
      status
    }
  }
`);
export const TransactionsApproveSwapMutation = graphql(`
  mutation Transactions_ApproveSwap($id: ID!, $reason: String) {
    approveSwapTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsCancelSwapMutation = graphql(`
  mutation Transactions_CancelSwap($id: ID!, $reason: String) {
    cancelSwapTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsFreezeSwapMutation = graphql(`
  mutation Transactions_FreezeSwap($id: ID!, $reason: String) {
    freezeSwapTransaction(id: $id, reason: $reason) {
      id
      status
    }
  }
`);
export const TransactionsRefundSwapMutation = graphql(`
  mutation Transactions_RefundSwap($id: ID!, $reason: String, $refundWalletAddress: String) {
    refundSwapTransaction(id: $id, reason: $reason, refundWalletAddress: $refundWalletAddress) {
      id
      status
    }
  }
`);
