import { graphql } from '@/gql';

// The go-live page: the product's checklist and readiness, the testing instructions, and the blocked-list answer.
// GoLive_TestingInstructions: lib/graphql/go-live-fragments.ts (the staff review shows the same instructions).

export const GoLiveChecklistItemFragment = graphql(`
  fragment GoLive_ChecklistItem on ChecklistItem {
    key
    label
    state
    detail
    route
    requiredToGoLive
  }
`);

export const GoLiveReadinessFragment = graphql(`
  fragment GoLive_Readiness on ProductReadiness {
    isReady
    isEnabled
    isOffered
    goLiveStatus
    reason
  }
`);

export const GoLiveScreenQuery = graphql(`
  query GoLive_Screen($accountId: ID!, $product: RampProduct!) {
    productStatus(id: $accountId) {
      accountId
      buy {
        ...GoLive_Readiness
      }
      sell {
        ...GoLive_Readiness
      }
      swaps {
        ...GoLive_Readiness
      }
      nftCommerce {
        ...GoLive_Readiness
      }
      checklist(product: $product) {
        ...GoLive_ChecklistItem
      }
    }
    testingInstructions(accountId: $accountId) {
      ...GoLive_TestingInstructions
    }
  }
`);

export const GoLiveBlockedStatusQuery = graphql(`
  query GoLive_BlockedStatus($accountId: ID!) {
    blockedCountryAndIndustryStatus(accountId: $accountId) {
      isBlocked
      country {
        value
        action
        reason
      }
      industry {
        value
        action
        reason
      }
    }
  }
`);

export const SubmitTestingInstructionsMutation = graphql(`
  mutation GoLive_SubmitTestingInstructions($accountId: ID!, $input: TestingInstructionsInput!) {
    submitTestingInstructions(accountId: $accountId, input: $input) {
      ...GoLive_TestingInstructions
    }
  }
`);

export const RequestGoLiveMutation = graphql(`
  mutation GoLive_Request($accountId: ID!, $product: RampProduct!) {
    requestGoLive(accountId: $accountId, product: $product) {
      id
      product
      status
      requestedAt
    }
  }
`);
