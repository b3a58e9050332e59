import { graphql } from '@/gql';

export const CurrencyPairFragment = graphql(`
  fragment Ramp_CurrencyPair on CurrencyAccountPair {
    id
    isEnabled
    isSellEnabled
    isConfigured
    currency {
      id
      code
      name
      icon
      networkCode
      supportsTestMode
      isSellSupported
      isSuspended
      isSuspendedUS
    }
  }
`);

export const CurrencyPairsQuery = graphql(`
  query Ramp_CurrencyPairs($accountId: ID!) {
    account(id: $accountId) {
      id
      currencyAccountPairs {
        id
        ...Ramp_CurrencyPair
      }
    }
    nftNetworks {
      code
      name
    }
  }
`);

export const UpdateCurrencyPairsMutation = graphql(`
  mutation Ramp_UpdateCurrencyPairs($accountId: ID!, $pairs: [CurrencyAccountPairInput!]!) {
    updateCurrencyAccountPairs(accountId: $accountId, pairs: $pairs) {
      id
      ...Ramp_CurrencyPair
    }
  }
`);
