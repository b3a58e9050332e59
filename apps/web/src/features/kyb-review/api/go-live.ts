import { graphql } from '@/gql';

export const GoLiveRequestFragment = graphql(`
  fragment KybReview_GoLiveRequest on GoLiveRequest {
    id
    accountId
    accountName
    organizationName
    product
    status
    reason
    requestedAt
    decidedAt
    testingInstructions {
      ...GoLive_TestingInstructions
    }
  }
`);

export const GoLiveRequestsQuery = graphql(`
  query KybReview_GoLiveRequests($status: [ReviewStatusValue!], $product: RampProduct, $skip: Int, $take: Int) {
    goLiveRequests(status: $status, product: $product, skip: $skip, take: $take) {
      totalCount
      items {
        id
        ...KybReview_GoLiveRequest
      }
    }
  }
`);

export const UpdateGoLiveReviewMutation = graphql(`
  mutation KybReview_UpdateGoLiveReview($requestId: ID!, $status: ReviewStatusValue!, $reason: String) {
    updateGoLiveReview(requestId: $requestId, status: $status, reason: $reason) {
      id
      ...KybReview_GoLiveRequest
    }
  }
`);
