import { graphql } from '@/gql';

export const ApiKeyFragment = graphql(`
  fragment Developers_ApiKey on ApiKey {
    id
    type
    liveMode
    secret
    createdAt
    deletedAt
    isWaitingDeletion
    secondsUntilDeletion
    name
    lastUsedAt
    canReveal
    restrictions {
      resource
      access
    }
  }
`);

export const ApiKeysQuery = graphql(`
  query Developers_ApiKeys($accountId: ID!, $liveMode: Boolean!) {
    apiKeys(accountId: $accountId, liveMode: $liveMode) {
      id
      ...Developers_ApiKey
    }
  }
`);

export const AccountVerificationQuery = graphql(`
  query Developers_AccountVerification($accountId: ID!) {
    account(id: $accountId) {
      id
      name
      isVerified
    }
  }
`);

export const RollApiKeyMutation = graphql(`
  mutation Developers_RollApiKey($id: ID!, $deleteOldKeyNow: Boolean!, $reason: String) {
    rollApiKey(id: $id, deleteOldKeyNow: $deleteOldKeyNow, reason: $reason) {
      id
      ...Developers_ApiKey
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation Developers_CreateApiKey($accountId: ID!, $liveMode: Boolean!, $name: String!, $restrictions: [ApiKeyRestrictionInput!]) {
    createApiKey(accountId: $accountId, liveMode: $liveMode, name: $name, restrictions: $restrictions) {
      id
      ...Developers_ApiKey
    }
  }
`);

export const RenameApiKeyMutation = graphql(`
  mutation Developers_RenameApiKey($id: ID!, $name: String!) {
    renameApiKey(id: $id, name: $name) {
      id
      ...Developers_ApiKey
    }
  }
`);

export const RevealApiKeyMutation = graphql(`
  mutation Developers_RevealApiKey($id: ID!) {
    revealApiKey(id: $id)
  }
`);

export const DeleteApiKeyMutation = graphql(`
  mutation Developers_DeleteApiKey($id: ID!) {
    deleteApiKey(id: $id)
  }
`);

export const UploadPublicKeyMutation = graphql(`
  mutation Developers_UploadPublicKey($accountId: ID!, $liveMode: Boolean!, $publicKey: String!) {
    uploadPublicApiKey(accountId: $accountId, liveMode: $liveMode, publicKey: $publicKey) {
      id
      ...Developers_ApiKey
    }
  }
`);

export const DeletePublicKeyMutation = graphql(`
  mutation Developers_DeletePublicKey($id: ID!) {
    deletePublicApiKey(id: $id)
  }
`);

export const SignUrlMutation = graphql(`
  mutation Developers_SignUrl($accountId: ID!, $liveMode: Boolean!, $url: String!, $secretKey: String) {
    generateSignedUrl(accountId: $accountId, liveMode: $liveMode, url: $url, secretKey: $secretKey) {
      url
      signature
    }
  }
`);

export const IntegrationUrlsQuery = graphql(`
  query Developers_IntegrationUrls($accountId: ID!, $liveMode: Boolean!) {
    onRamp: integrationUrl(accountId: $accountId, type: OnRamp, liveMode: $liveMode)
    offRamp: integrationUrl(accountId: $accountId, type: OffRamp, liveMode: $liveMode)
    swaps: integrationUrl(accountId: $accountId, type: Swaps, liveMode: $liveMode)
    nftCheckout: integrationUrl(accountId: $accountId, type: NftCheckout, liveMode: $liveMode)
  }
`);
