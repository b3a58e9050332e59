import { graphql } from '@/gql';

export const GettingStartedQuery = graphql(`
  query GettingStarted_Checklist($accountId: ID!) {
    gettingStarted(accountId: $accountId) {
      id
      completedCount
      isComplete
      steps {
        key
        state
        detail
      }
    }
  }
`);
