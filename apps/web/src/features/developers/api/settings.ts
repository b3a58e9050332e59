import { graphql } from '@/gql';

export const GeneralSettingsQuery = graphql(`
  query Developers_GeneralSettings($accountId: ID!) {
    account(id: $accountId) {
      id
      name
      allowedIframeAncestorUrls
      customerDataWebhookUrl
    }
  }
`);

export const UpdateAccountSettingsMutation = graphql(`
  mutation Developers_UpdateAccountSettings($accountId: ID!, $allowedIframeAncestorUrls: [String!], $customerDataWebhookUrl: String) {
    updateAccount(accountId: $accountId, allowedIframeAncestorUrls: $allowedIframeAncestorUrls, customerDataWebhookUrl: $customerDataWebhookUrl) {
      id
      allowedIframeAncestorUrls
      customerDataWebhookUrl
    }
  }
`);

// Currencies_CryptoCurrency: lib/graphql/currency-fragments.ts (NFT commerce chooses from the same catalogue).

export const PayoutConfigurationFragment = graphql(`
  fragment Developers_PayoutConfiguration on AffiliatePayoutConfiguration {
    id
    currencyId
    walletAddress
    updatedAt
  }
`);

export const PayoutQuery = graphql(`
  query Developers_Payout($accountId: ID!) {
    cryptoCurrencies {
      id
      ...Currencies_CryptoCurrency
    }
    affiliatePayoutConfigurationForAccount(accountId: $accountId) {
      ...Developers_PayoutConfiguration
    }
  }
`);

export const CreatePayoutMutation = graphql(`
  mutation Developers_CreatePayout($accountId: ID!, $currencyId: ID!, $walletAddress: String!) {
    createAffiliatePayoutConfiguration(accountId: $accountId, currencyId: $currencyId, walletAddress: $walletAddress) {
      ...Developers_PayoutConfiguration
    }
  }
`);

export const UpdatePayoutMutation = graphql(`
  mutation Developers_UpdatePayout($accountId: ID!, $currencyId: ID!, $walletAddress: String!) {
    updateAffiliatePayoutConfiguration(accountId: $accountId, currencyId: $currencyId, walletAddress: $walletAddress) {
      ...Developers_PayoutConfiguration
    }
  }
`);

export const NftCollectionFragment = graphql(`
  fragment Developers_NftCollection on NftCollection {
    id
    name
    imageUrl
    contractAddress
    contractType
    network {
      code
      name
    }
    widgetUrl
    priceAmount
    priceCurrencyCode
    createdAt
  }
`);

export const NftAccountFragment = graphql(`
  fragment Developers_NftAccount on NftAccount {
    walletDisplayMode
    isLiteNftFlowAllowed
    isNftCommerceFlowAllowed
    baseNftUrl
    baseNftTestnetUrl
  }
`);

export const NftSettingsQuery = graphql(`
  query Developers_NftSettings($accountId: ID!) {
    account(id: $accountId) {
      id
      nftAccount {
        id
        ...Developers_NftAccount
      }
      nftCollections {
        id
        ...Developers_NftCollection
        ...Developers_MintableCollection
      }
    }
    nftNetworks {
      code
      name
      addressRegex
    }
  }
`);

/** NFT checkout's go-live status, shown beside its set-up (the checklist itself is on /dashboard/nft-checkout/go-live). */
export const NftGoLiveQuery = graphql(`
  query Developers_NftGoLive($accountId: ID!) {
    productStatus(id: $accountId) {
      accountId
      nftCommerce {
        isOffered
        isReady
        isEnabled
        goLiveStatus
      }
    }
  }
`);

export const UpdateNftAccountMutation = graphql(`
  mutation Developers_UpdateNftAccount($accountId: ID!, $input: NftAccountInput!) {
    updateNftAccount(accountId: $accountId, input: $input) {
      id
      ...Developers_NftAccount
    }
  }
`);

export const CreateNftCollectionMutation = graphql(`
  mutation Developers_CreateNftCollection($accountId: ID!, $input: NftCollectionInput!) {
    createNftCollection(accountId: $accountId, input: $input) {
      id
      ...Developers_NftCollection
    }
  }
`);

export const UpdateNftCollectionPriceMutation = graphql(`
  mutation Developers_UpdateNftCollectionPrice($id: ID!, $priceAmount: Decimal!) {
    updateNftCollectionPrice(id: $id, priceAmount: $priceAmount) {
      id
      priceAmount
      priceCurrencyCode
    }
  }
`);

export const DeleteNftCollectionMutation = graphql(`
  mutation Developers_DeleteNftCollection($id: ID!) {
    deleteNftCollection(id: $id)
  }
`);
