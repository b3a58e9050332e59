import { graphql } from '@/gql';

// Minting on the NFT commerce screen (issue 17): the chain in use, deploying a collection, minting into it, the
// minting embed (HYPERMINT_HOST, a signed format Rampart defines) when one is configured, and the staff switch that turns minting on for an account.

export const EvmChainFragment = graphql(`
  fragment Developers_EvmChain on EvmChain {
    networkCode
    chainId
    isLocal
    rpcUrl
    minterAddress
  }
`);

export const NftMintFragment = graphql(`
  fragment Developers_NftMint on NftMint {
    id
    tokenId
    toAddress
    tokenUri
    transactionHash
    createdAt
  }
`);

export const MintableCollectionFragment = graphql(`
  fragment Developers_MintableCollection on NftCollection {
    id
    symbol
    chainId
    isMintable
    deployTransactionHash
    mints {
      id
      ...Developers_NftMint
    }
  }
`);

export const MintingQuery = graphql(`
  query Developers_Minting($accountId: ID!) {
    evmChain {
      ...Developers_EvmChain
    }
    account(id: $accountId) {
      id
      onboardingInfo {
        isMintingEnabled
      }
    }
  }
`);

export const HyperMintEmbedQuery = graphql(`
  query Developers_HyperMintEmbed($accountId: ID!, $url: String!) {
    getHyperMintEmbedUrl(accountId: $accountId, url: $url)
  }
`);

export const DeployNftCollectionMutation = graphql(`
  mutation Developers_DeployNftCollection($accountId: ID!, $input: DeployNftCollectionInput!) {
    deployNftCollection(accountId: $accountId, input: $input) {
      id
      ...Developers_NftCollection
      ...Developers_MintableCollection
    }
  }
`);

export const MintNftMutation = graphql(`
  mutation Developers_MintNft($collectionId: ID!, $toAddress: String!, $tokenUri: String) {
    mintNft(collectionId: $collectionId, toAddress: $toAddress, tokenUri: $tokenUri) {
      id
      ...Developers_NftMint
    }
  }
`);

export const SetAccountMintingEnabledMutation = graphql(`
  mutation Developers_SetAccountMintingEnabled($accountId: ID!, $isEnabled: Boolean!) {
    setAccountMintingEnabled(accountId: $accountId, isEnabled: $isEnabled) {
      id
      onboardingInfo {
        isMintingEnabled
      }
    }
  }
`);
