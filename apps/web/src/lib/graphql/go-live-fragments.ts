import { graphql } from '@/gql';

// A go-live request's testing instructions as the partner's go-live page (features/go-live) and the staff review
// (features/kyb-review) both show them: selected once here, since features do not import each other.

export const GoLiveTestingInstructionsFragment = graphql(`
  fragment GoLive_TestingInstructions on TestingInstructions {
    url
    credentials
    steps
    updatedAt
    isEditable
  }
`);
