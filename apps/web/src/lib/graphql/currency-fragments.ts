import { graphql } from '@/gql';

// A crypto currency of the catalogue as the payout settings (features/developers), the NFT commerce wallets
// (features/commerce) and the account's currencies (features/ramp) show it: selected once here, since features do
// not import each other.

export const CryptoCurrencyFragment = graphql(`
  fragment Currencies_CryptoCurrency on CryptoCurrency {
    id
    type
    name
    code
    icon
    addressRegex
    supportsAddressTag
    networkCode
    supportsTestMode
    isSellSupported
    isSuspended
    isSuspendedUS
  }
`);
