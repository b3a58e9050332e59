import { graphql } from '@/gql';

export const ApiRequestsQuery = graphql(`
  query Developers_ApiRequests(
    $accountId: ID!
    $liveMode: Boolean!
    $apiKeyId: ID
    $method: String
    $statusClass: ApiStatusClass
    $pathPrefix: String
    $from: DateTime
    $to: DateTime
    $first: Int
    $after: String
  ) {
    apiRequests(
      accountId: $accountId
      liveMode: $liveMode
      apiKeyId: $apiKeyId
      method: $method
      statusClass: $statusClass
      pathPrefix: $pathPrefix
      from: $from
      to: $to
      first: $first
      after: $after
    ) {
      items {
        id
        createdAt
        method
        path
        status
        latencyMs
        requestId
        ipAddress
        apiKey {
          id
          type
          name
          secret
        }
      }
      nextCursor
    }
  }
`);

export const ApiRequestKeysQuery = graphql(`
  query Developers_ApiRequestKeys($accountId: ID!, $liveMode: Boolean!) {
    apiRequestKeys(accountId: $accountId, liveMode: $liveMode) {
      id
      type
      name
      secret
      isWaitingDeletion
      deletedAt
    }
  }
`);
