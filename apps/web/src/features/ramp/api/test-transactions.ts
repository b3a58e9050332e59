import { graphql } from '@/gql';

export const TestCurrenciesQuery = graphql(`
  query Ramp_TestCurrencies($accountId: ID!) {
    account(id: $accountId) {
      id
      currencyAccountPairs {
        id
        ...Ramp_CurrencyPair
      }
    }
  }
`);

export const CreateTestTransactionMutation = graphql(`
  mutation Ramp_CreateTestTransaction($accountId: ID!, $input: TestTransactionInput!) {
    createTestTransaction(accountId: $accountId, input: $input) {
      ... on BuyTransaction {
        id
      }
      ... on SellTransaction {
        id
      }
      ... on SwapTransaction {
        id
      }
    }
  }
`);

export const MoveTestTransactionMutation = graphql(`
  mutation Ramp_MoveTestTransaction($id: ID!, $status: String!, $failureReason: String) {
    moveTestTransaction(id: $id, status: $status, failureReason: $failureReason) {
      ... on BuyTransaction {
        id
        buyStatus: status
      }
      ... on SellTransaction {
        id
        sellStatus: status
      }
      ... on SwapTransaction {
        id
        swapStatus: status
      }
    }
  }
`);
