import { graphql } from '@/gql';

export const CustomersRowFragment = graphql(`
  fragment Customers_Row on Customer {
    id
    externalCustomerId
    email
    createdAt
    isBlocked
    address {
      country
    }
    identityCheck {
      level
      status
    }
  }
`);

export const CustomersListQuery = graphql(`
  query Customers_List($accountId: ID!, $liveMode: Boolean!, $searchString: String, $skip: Int, $take: Int) {
    customers(accountId: $accountId, liveMode: $liveMode, searchString: $searchString, skip: $skip, take: $take) {
      totalCount
      isTotalExact
      items {
        ...Customers_Row
      }
    }
  }
`);

export const CustomersProfileFragment = graphql(`
  fragment Customers_Profile on Customer {
    id
    externalCustomerId
    email
    firstName
    lastName
    createdAt
    liveMode
    isBlocked
    isDeleted
    defaultCurrency
    address {
      country
    }
    identityCheck {
      level
      result
      status
    }
    files {
      id
      type
      reviewResult
      createdAt
    }
  }
`);

export const CustomersDetailQuery = graphql(`
  query Customers_Detail($accountId: ID!, $id: ID!, $isLive: Boolean!) {
    customer(accountId: $accountId, id: $id, isLive: $isLive) {
      ...Customers_Profile
    }
    customerAllBalances(customerId: $id, accountId: $accountId, liveMode: $isLive) {
      currency {
        code
        name
      }
      balance
      deposited
      withdrawn
      rewarded
      pending
    }
  }
`);

export const CustomersTransactionFragment = graphql(`
  fragment Customers_Transaction on AnyTransaction {
    __typename
    ... on BuyTransaction {
      id
      createdAt
      buyStatus: status
      baseCurrencyAmount
      baseCurrency {
        code
      }
      quoteCurrencyAmount
      quoteCurrency {
        code
      }
    }
    ... on SellTransaction {
      id
      createdAt
      sellStatus: status
      baseCurrencyAmount
      baseCurrency {
        code
      }
      quoteCurrencyAmount
      quoteCurrency {
        code
      }
    }
    ... on SwapTransaction {
      id
      createdAt
      swapStatus: status
      baseCurrencyAmount
      baseCurrency {
        code
      }
      quoteCurrencyAmount
      quoteCurrency {
        code
      }
    }
    ... on BalanceTransaction {
      id
      createdAt
      balanceStatus: status
      type
      amount
      currency {
        code
      }
    }
  }
`);

// Pages of a customer's transactions and cards are merged in the cache by reference (lib/cache-policies.ts).
export const CustomersTransactionsQuery = graphql(`
  query Customers_Transactions($accountId: ID!, $id: ID!, $isLive: Boolean!, $skip: Int, $take: Int) {
    customer(accountId: $accountId, id: $id, isLive: $isLive) {
      id
      transactions(skip: $skip, take: $take) {
        totalCount
        isTotalExact
        items {
          ...Customers_Transaction
        }
      }
    }
  }
`);

export const CustomersCardsQuery = graphql(`
  query Customers_Cards($accountId: ID!, $id: ID!, $isLive: Boolean!, $skip: Int, $take: Int) {
    customer(accountId: $accountId, id: $id, isLive: $isLive) {
      id
      cards(skip: $skip, take: $take) {
        totalCount
        isTotalExact
        items {
          id
          brand
          lastDigits
          expiryMonth
          expiryYear
          cardType
          createdAt
        }
      }
    }
  }
`);

export const CustomersBlockMutation = graphql(`
  mutation Customers_Block($id: ID!) {
    blockCustomer(id: $id) {
      ...Customers_Profile
    }
  }
`);

export const CustomersUnblockMutation = graphql(`
  mutation Customers_Unblock($id: ID!) {
    unblockCustomer(id: $id) {
      ...Customers_Profile
    }
  }
`);
