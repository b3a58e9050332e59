import { graphql } from '@/gql';

/** A currency as the account offers it: the currencies screen, the widget URL builder and test transactions. */
export const CurrencyPairFragment = graphql(`
  fragment Ramp_CurrencyPair on CurrencyAccountPair {
    id
    isEnabled
    isSellEnabled
    isConfigured
    currency {
      id
      ...Currencies_CryptoCurrency
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
