import { graphql } from '@/gql';

// The shell fetches the signed-in user once and hands fragments to the features that use them.
export const ShellMeQuery = graphql(`
  query Shell_Me {
    me {
      id
      ...Auth_CurrentUser
      memberships(take: 100) {
        id
        ...Accounts_Membership
      }
    }
  }
`);
